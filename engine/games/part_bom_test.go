package games_test

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"testing"
	"unicode/utf16"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/deckwright/deckwright/engine/game"
)

// A part or a shard's report saved through Windows tools — UTF-8 with a
// byte-order mark (Notepad, PowerShell's Out-File -Encoding utf8), or
// UTF-16 with one (what Windows PowerShell 5's > writes) — reads as the
// file deckwright wrote; without its mark, UTF-16 is no part.
func TestReadPartSavedByWindowsTools(t *testing.T) {
	m := game.Lookup("fortune-and-glory")
	tb := bundledTables(t, m)
	req := game.SimRequest{Games: 40, Players: 4, Seed: 3, Stats: true, MaxRounds: 100}
	parts, reports := shardFiles(t, m, tb, nil, req, 2)
	utf16With := func(order binary.ByteOrder, mark []byte, data []byte) []byte {
		out := bytes.NewBuffer(mark)
		for _, u := range utf16.Encode([]rune(string(data))) {
			_ = binary.Write(out, order, u)
		}
		return out.Bytes()
	}
	for _, tc := range []struct {
		name   string
		encode func([]byte) []byte
		err    string
	}{
		{"UTF-8 with a mark", func(d []byte) []byte { return append([]byte{0xEF, 0xBB, 0xBF}, d...) }, ""},
		{"UTF-16 little-endian with a mark", func(d []byte) []byte { return utf16With(binary.LittleEndian, []byte{0xFF, 0xFE}, d) }, ""},
		{"UTF-16 big-endian with a mark", func(d []byte) []byte { return utf16With(binary.BigEndian, []byte{0xFE, 0xFF}, d) }, ""},
		{"UTF-16 without a mark", func(d []byte) []byte { return utf16With(binary.LittleEndian, nil, d) },
			"p.json: not a part file or a shard's report (deckwright sim --shard K/N --json, or --part FILE, writes them)"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			for k, files := range [][][]byte{parts, reports} {
				want, err := game.ReadPart(bytes.NewReader(files[0]), "p.json")
				require.NoError(t, err)
				got, err := game.ReadPart(bytes.NewReader(tc.encode(files[0])), "p.json")
				if tc.err != "" {
					require.Error(t, err)
					assert.Equal(t, tc.err, err.Error())
					continue
				}
				require.NoError(t, err, "kind %d", k)
				a, _ := json.Marshal(want)
				b, _ := json.Marshal(got)
				assert.Equal(t, string(a), string(b), "the same part")
			}
		})
	}
}
