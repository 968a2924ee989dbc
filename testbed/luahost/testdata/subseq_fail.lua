local trace = {
	{stage = "CPhysicsObj::update_object"},
	{stage = "Frame::combine"},
	{stage = "CPartArray::Update"},
}
expect.subsequence(trace, {{stage = "CPhysicsObj::update_object"}, {stage = "CPartArray::Update"}, {stage = "Frame::combine"}}, "retail order")
