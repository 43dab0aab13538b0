package main

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// A part names its build so that merge refuses parts of two builds: by
// commit when the build recorded an unmodified one, else by the
// executable's own hash, which any rebuild changes.
func TestBuildID(t *testing.T) {
	hash := func() string { return "d7ef56334069" }
	none := func() string { return "" }
	tests := []struct {
		name     string
		rev      string
		modified bool
		hash     func() string
		want     string
	}{
		{"a clean commit", "5f440d4150e50b83b599ea6c1ca4db75875035a5", false, hash, "0.1.0 (5f440d4150e5)"},
		{"uncommitted changes", "5f440d4150e50b83b599ea6c1ca4db75875035a5", true, hash, "0.1.0 (build d7ef56334069)"},
		{"no commit recorded", "", false, hash, "0.1.0 (build d7ef56334069)"},
		{"nothing to tell builds apart", "", false, none, "0.1.0"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			assert.Equal(t, tt.want, buildID("0.1.0", tt.rev, tt.modified, tt.hash))
		})
	}
	// The running test binary hashes to 12 hex digits, the same each time.
	h := executableHash()
	assert.Regexp(t, `^[0-9a-f]{12}$`, h)
	assert.Equal(t, h, executableHash())
}
