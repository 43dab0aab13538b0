package main

import (
	"crypto/sha256"
	"encoding/hex"
	"io"
	"os"
	"runtime/debug"
	"sync"
)

// engineVersion is the deckwright build a part was played by, so that
// merge refuses parts of different builds: its version and commit when the
// build recorded an unmodified commit; otherwise (a build without version
// control stamps, -buildvcs=false, or with uncommitted changes) the
// SHA-256 of the executable itself, which differs between any two builds.
func engineVersion() string {
	rev, modified := vcsInfo()
	return buildID(version, rev, modified, executableHash)
}

// buildID words a build: version and commit, or version and the
// executable's hash (hash gives it, "" if unreadable).
func buildID(version string, rev string, modified bool, hash func() string) string {
	if rev != "" && !modified {
		return version + " (" + rev[:min(12, len(rev))] + ")"
	}
	if h := hash(); h != "" {
		return version + " (build " + h + ")"
	}
	return version
}

// vcsInfo is the commit the build recorded, and whether it had changes.
func vcsInfo() (rev string, modified bool) {
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return "", false
	}
	for _, s := range bi.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.modified":
			modified = s.Value == "true"
		}
	}
	return rev, modified
}

// executableHash is the first 12 hex digits of the running executable's
// SHA-256, worked out once.
var executableHash = sync.OnceValue(func() string {
	path, err := os.Executable()
	if err != nil {
		return ""
	}
	f, err := os.Open(path)
	if err != nil {
		return ""
	}
	defer f.Close()
	h := sha256.New()
	if _, err := io.Copy(h, f); err != nil {
		return ""
	}
	return hex.EncodeToString(h.Sum(nil))[:12]
})
