return {
	x = ,
}
