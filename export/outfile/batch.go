package outfile

import "io"

// A Batch is the files one command writes (a PDF and its backs, the parts
// of a split export): each is written through Create, and Commit replaces
// the targets only once every file is complete on disk, so a write that
// fails (a full disk) leaves every target as it was. Abort, or a Commit
// that fails, removes every temporary file.
//
// Only the renames themselves are not one step: were one to fail (a
// target turned into a folder meanwhile), the files before it stay
// replaced.
type Batch struct {
	stdout io.Writer
	files  []*File
}

// NewBatch starts a batch; "-" in it writes to stdout.
func NewBatch(stdout io.Writer) *Batch { return &Batch{stdout: stdout} }

// Create starts writing one file of the batch (Create).
func (b *Batch) Create(path string) (*File, error) {
	f, err := Create(path, b.stdout)
	if err != nil {
		return nil, err
	}
	b.files = append(b.files, f)
	return f, nil
}

// Finish completes one file of the batch on disk now — synced and
// closed, its target not yet replaced — so that a batch of thousands of
// files (an export of one image a card) holds one open at a time. A file
// that cannot be finished is removed; Abort then removes the others.
func (b *Batch) Finish(f *File) error { return f.finish() }

// Commit finishes every file, then replaces every target, in the order
// they were created. The batch is empty afterwards.
func (b *Batch) Commit() error {
	files := b.files
	b.files = nil
	for _, f := range files {
		if err := f.finish(); err != nil {
			for _, g := range files {
				g.Abort()
			}
			return err
		}
	}
	for i, f := range files {
		if err := f.replace(); err != nil {
			for _, g := range files[i+1:] {
				g.Abort()
			}
			return err
		}
	}
	return nil
}

// Abort removes the temporary file of every file not committed; the
// targets stay as they were. It is safe after Commit.
func (b *Batch) Abort() {
	for _, f := range b.files {
		f.Abort()
	}
	b.files = nil
}
