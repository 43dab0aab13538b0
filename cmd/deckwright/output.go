package main

import (
	"errors"
	"fmt"
	"io"

	"github.com/deckwright/deckwright/export/outfile"
)

// writeOutput writes data to the file a flag names (or standard output
// for "-") through the one atomic writer: a failure leaves the old file
// as it was and is a usage or I/O error (exit 2).
func writeOutput(flag, path string, data []byte, stdout io.Writer) error {
	if err := outfile.WriteFile(path, data, stdout); err != nil {
		return outputErr(flag, err)
	}
	return nil
}

// createOutput starts writing the file a flag names.
func createOutput(flag, path string, stdout io.Writer) (*outfile.File, error) {
	f, err := outfile.Create(path, stdout)
	if err != nil {
		return nil, outputErr(flag, err)
	}
	return f, nil
}

// outputErr turns a writer's error into exit status 2, naming the flag
// when the path was empty.
func outputErr(flag string, err error) error {
	if errors.Is(err, outfile.ErrNoPath) {
		return usageErr("%s needs a file name (or - for standard output), not \"\"", flag)
	}
	return &exitError{code: exitUsage, msg: err.Error()}
}

// checkedWriter remembers the first error writing to standard output, so
// that a command whose output was lost (a full disk, a closed pipe) never
// exits 0.
type checkedWriter struct {
	w   io.Writer
	err error
}

func (c *checkedWriter) Write(p []byte) (int, error) {
	if c.err != nil {
		return 0, c.err
	}
	n, err := c.w.Write(p)
	if err != nil {
		c.err = err
	}
	return n, err
}

func (c *checkedWriter) failure() error {
	if c.err == nil {
		return nil
	}
	return fmt.Errorf("cannot write standard output: %v", unwrapPathErr(c.err))
}
