package view

// Residency is optionally implemented by Assets whose landblocks come and
// go as the player walks (landblock streaming, docs/streaming.md): the
// renderer then caches no landblock but asks for each one every frame,
// draws only those ResidentLandblock returns, and draws DrawRadius
// landblocks around its target (the whole resident ring).
type Residency interface {
	// ResidentLandblock is landblock id (0xXXYYFFFF) as it is resident
	// now, nil when it is not.
	ResidentLandblock(id uint32) *Landblock
	// DrawRadius is how many landblocks around the target may be
	// resident.
	DrawRadius() int
}
