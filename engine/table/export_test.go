package table

// SetCheckKeys turns the check of keys on or off for one test (a
// designer's run has it off) and returns the function that restores it.
func SetCheckKeys(on bool) (restore func()) {
	was := checkKeys
	checkKeys = on
	return func() { checkKeys = was }
}
