package export

import (
	"bytes"
	"compress/zlib"
	"encoding/hex"
	"fmt"
	"io"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// This file reads PDFs the way a preflight tool does: it finds each page
// and its content stream, then runs the stream's operators, tracking the
// graphics state (q/Q and the transformation matrix), so tests can check
// what a RIP would see rather than what the writer meant to draw.

// pdfPage is one page: its size in points and its content stream.
type pdfPage struct {
	w, h    float64
	content []byte
}

var (
	objRE    = regexp.MustCompile(`(?m)^(\d+) 0 obj\n`)
	kidsRE   = regexp.MustCompile(`/Kids \[([^\]]*)\]`)
	refRE    = regexp.MustCompile(`(\d+) 0 R`)
	boxRE    = regexp.MustCompile(`/MediaBox \[([-\d. ]+)\]`)
	contRE   = regexp.MustCompile(`/Contents (\d+) 0 R`)
	lengthRE = regexp.MustCompile(`/Length (\d+)`)
)

// readPDF returns the pages of a PDF in order.
func readPDF(t testing.TB, pdf []byte) []pdfPage {
	t.Helper()
	objs := map[int][]byte{}
	locs := objRE.FindAllSubmatchIndex(pdf, -1)
	for i, m := range locs {
		n, _ := strconv.Atoi(string(pdf[m[2]:m[3]]))
		end := len(pdf)
		if i+1 < len(locs) {
			end = locs[i+1][0]
		}
		objs[n] = pdf[m[1]:end]
	}
	stream := func(n int) []byte {
		obj, ok := objs[n]
		require.True(t, ok, "object %d", n)
		dictEnd := bytes.Index(obj, []byte("stream\n"))
		require.Positive(t, dictEnd, "object %d is a stream", n)
		l := lengthRE.FindSubmatch(obj[:dictEnd])
		require.NotNil(t, l)
		size, _ := strconv.Atoi(string(l[1]))
		data := obj[dictEnd+len("stream\n") : dictEnd+len("stream\n")+size]
		if bytes.Contains(obj[:dictEnd], []byte("/FlateDecode")) {
			r, err := zlib.NewReader(bytes.NewReader(data))
			require.NoError(t, err)
			data, err = io.ReadAll(r)
			require.NoError(t, err)
		}
		return data
	}
	box := func(b []byte) (float64, float64, bool) {
		m := boxRE.FindSubmatch(b)
		if m == nil {
			return 0, 0, false
		}
		var v [4]float64
		fmt.Sscan(string(m[1]), &v[0], &v[1], &v[2], &v[3])
		return v[2] - v[0], v[3] - v[1], true
	}
	var pages []pdfPage
	for _, o := range objs {
		k := kidsRE.FindSubmatch(o)
		if k == nil || !bytes.Contains(o, []byte("/Type /Pages")) {
			continue
		}
		dw, dh, _ := box(o)
		for _, ref := range refRE.FindAllSubmatch(k[1], -1) {
			n, _ := strconv.Atoi(string(ref[1]))
			page := objs[n]
			w, h, ok := box(page)
			if !ok {
				w, h = dw, dh
			}
			c := contRE.FindSubmatch(page)
			require.NotNil(t, c, "page object %d has contents", n)
			cn, _ := strconv.Atoi(string(c[1]))
			pages = append(pages, pdfPage{w: w, h: h, content: stream(cn)})
		}
	}
	return pages
}

// matrix is a PDF transformation matrix [a b c d e f].
type matrix [6]float64

var identity = matrix{1, 0, 0, 1, 0, 0}

// mul returns m·n: m applied first.
func (m matrix) mul(n matrix) matrix {
	return matrix{
		m[0]*n[0] + m[1]*n[2], m[0]*n[1] + m[1]*n[3],
		m[2]*n[0] + m[3]*n[2], m[2]*n[1] + m[3]*n[3],
		m[4]*n[0] + m[5]*n[2] + n[4], m[4]*n[1] + m[5]*n[3] + n[5],
	}
}

func (m matrix) apply(x, y float64) (float64, float64) {
	return m[0]*x + m[2]*y + m[4], m[1]*x + m[3]*y + m[5]
}

// faceSeen is a face the content stream draws: its label, its clip (the
// card's bleed box) in millimetres from the page's top-left corner as the
// printer places it, whether it is drawn turned half round, and where its
// text starts.
type faceSeen struct {
	label  string
	clip   Rect
	turned bool
	text   [][2]float64 // text positions, mm from the top-left
	images []imageSeen
}

// imageSeen is a picture the content stream draws: where the image lands
// and the clip it is drawn through (what shows), in millimetres from the
// page's top-left corner.
type imageSeen struct {
	drawn, clip Rect
}

// pageSeen is what running a page's content stream finds.
type pageSeen struct {
	depth    int // q nesting when the stream ends
	maxDepth int
	negative bool // a Q without its q
	marked   int  // BDC nesting when the stream ends
	faces    []faceSeen
}

// runContent runs a content stream's operators.
func runContent(t testing.TB, p pdfPage) pageSeen {
	t.Helper()
	var out pageSeen
	ctm := identity
	var stack []matrix
	var clips []Rect // the clip of each saved state
	var clip Rect    // the innermost clip set (zero: none)
	var operands []string
	var face *faceSeen
	var pendingRect []float64
	clipping := false
	toMM := func(x, y float64) (float64, float64) { return x / ptPerMM, (p.h - y) / ptPerMM }
	// rectMM maps a rectangle of user space, corners (x0, y0) and (x1,
	// y1), through the current transform to millimetres.
	rectMM := func(x0, y0, x1, y1 float64) Rect {
		ax, ay := ctm.apply(x0, y0)
		bx, by := ctm.apply(x1, y1)
		lx, ty := toMM(min(ax, bx), max(ay, by))
		rx, by2 := toMM(max(ax, bx), min(ay, by))
		return Rect{lx, ty, rx - lx, by2 - ty}
	}
	num := func(i int) float64 {
		v, err := strconv.ParseFloat(operands[len(operands)-i], 64)
		require.NoError(t, err, "operand %q", operands[len(operands)-i])
		return v
	}
	s := p.content
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c == ' ' || c == '\n' || c == '\r' || c == '\t':
			i++
			continue
		case c == '(':
			depth, j := 0, i
			for ; j < len(s); j++ {
				if s[j] == '\\' {
					j++
					continue
				}
				if s[j] == '(' {
					depth++
				} else if s[j] == ')' {
					depth--
					if depth == 0 {
						break
					}
				}
			}
			operands = append(operands, string(s[i:j+1]))
			i = j + 1
			continue
		case c == '<' && i+1 < len(s) && s[i+1] == '<':
			// A dictionary (what BDC carries), with hex strings inside.
			depth, j := 0, i
			for j < len(s) {
				switch {
				case s[j] == '<' && j+1 < len(s) && s[j+1] == '<':
					depth++
					j += 2
				case s[j] == '>' && j+1 < len(s) && s[j+1] == '>':
					depth--
					j += 2
				case s[j] == '<':
					j += bytes.IndexByte(s[j:], '>') + 1
				default:
					j++
				}
				if depth == 0 {
					break
				}
			}
			operands = append(operands, string(s[i:j]))
			i = j
			continue
		case c == '[':
			j := bytes.IndexByte(s[i:], ']')
			operands = append(operands, string(s[i:i+j+1]))
			i += j + 1
			continue
		}
		j := i
		for j < len(s) && !bytes.ContainsRune([]byte(" \n\r\t()<>[]"), rune(s[j])) {
			j++
		}
		if j == i {
			j++ // a lone delimiter
		}
		tok := string(s[i:j])
		i = j
		if tok[0] == '/' || tok[0] == '-' || tok[0] == '.' || (tok[0] >= '0' && tok[0] <= '9') {
			operands = append(operands, tok)
			continue
		}
		switch tok {
		case "q":
			stack = append(stack, ctm)
			clips = append(clips, clip)
			out.depth++
			out.maxDepth = max(out.maxDepth, out.depth)
		case "Q":
			if len(stack) == 0 {
				out.negative = true
			} else {
				ctm = stack[len(stack)-1]
				stack = stack[:len(stack)-1]
				clip = clips[len(clips)-1]
				clips = clips[:len(clips)-1]
			}
			out.depth--
		case "cm":
			ctm = matrix{num(6), num(5), num(4), num(3), num(2), num(1)}.mul(ctm)
		case "re":
			pendingRect = []float64{num(4), num(3), num(2), num(1)}
		case "W":
			clipping = true
		case "n":
			if clipping && pendingRect != nil {
				r := pendingRect
				clip = rectMM(r[0], r[1], r[0]+r[2], r[1]+r[3])
				if face != nil && face.clip == (Rect{}) {
					face.clip = clip
					face.turned = ctm[0] < 0 && ctm[3] < 0
				}
			}
			clipping, pendingRect = false, nil
		case "BDC":
			out.marked++
			props := operands[len(operands)-1]
			m := regexp.MustCompile(`/Face <([0-9a-f]*)>`).FindStringSubmatch(props)
			if m != nil {
				label, err := hex.DecodeString(m[1])
				require.NoError(t, err)
				out.faces = append(out.faces, faceSeen{label: string(label)})
				face = &out.faces[len(out.faces)-1]
			}
		case "EMC":
			out.marked--
			face = nil
		case "Do":
			if face != nil && strings.HasPrefix(operands[len(operands)-1], "/I") {
				// An image fills the unit square of its transform.
				face.images = append(face.images, imageSeen{drawn: rectMM(0, 0, 1, 1), clip: clip})
			}
		case "Td":
			if face != nil {
				x, y := ctm.apply(num(2), num(1))
				mx, my := toMM(x, y)
				face.text = append(face.text, [2]float64{mx, my})
			}
		}
		operands = operands[:0]
	}
	return out
}
