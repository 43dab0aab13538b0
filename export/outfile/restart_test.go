package outfile

// restart undoes RemoveTemps for the tests that follow: a real program
// exits after it.
func restart() {
	mu.Lock()
	defer mu.Unlock()
	stopped = false
}
