#!/usr/bin/python3
"""Builds the tiny test fonts of deckwright's export tests.

DWTestSymbols.ttf (TrueType outlines) has glyphs the embedded Go fonts lack:
a star (U+2605), a sun (U+2600) and two CJK characters (U+65E5, U+672C),
each a simple figure drawn here; DWTestSymbols.otf has the same glyphs with
PostScript (CFF) outlines, which the PDF writer cannot embed. Run with
Debian's python3-fonttools: /usr/bin/python3 make.py
"""
from fontTools.fontBuilder import FontBuilder
from fontTools.pens.ttGlyphPen import TTGlyphPen
from fontTools.pens.t2CharStringPen import T2CharStringPen

SHAPES = {
    # name: list of closed polygons (clockwise for TrueType: outer)
    "A": [[(50, 0), (350, 700), (650, 0), (550, 0), (350, 480), (150, 0)]],
    "star": [[(500, 780), (590, 500), (880, 500), (650, 330), (740, 40), (500, 220), (260, 40), (350, 330), (120, 500), (410, 500)]],
    "sun": [[(300, 300), (300, 600), (600, 600), (600, 300)], [(420, 0), (420, 120), (480, 120), (480, 0)]],
    "uni65E5": [[(200, 0), (200, 750), (700, 750), (700, 0)], [(280, 80), (620, 80), (620, 340), (280, 340)],
                [(280, 420), (620, 420), (620, 670), (280, 670)]],
    "uni672C": [[(450, 0), (450, 600), (100, 600), (100, 680), (450, 680), (450, 780), (530, 780), (530, 680),
                 (880, 680), (880, 600), (530, 600), (530, 0)]],
}
ORDER = [".notdef", "space", "A", "star", "sun", "uni65E5", "uni672C"]
CMAP = {0x20: "space", 0x41: "A", 0x2605: "star", 0x2600: "sun", 0x65E5: "uni65E5", 0x672C: "uni672C"}
ADVANCE = {".notdef": 600, "space": 300, "A": 700, "star": 1000, "sun": 900, "uni65E5": 1000, "uni672C": 1000}


def draw(pen, polys):
    for poly in polys:
        pen.moveTo(poly[0])
        for p in poly[1:]:
            pen.lineTo(p)
        pen.closePath()


def build(path, ttf):
    fb = FontBuilder(1000, isTTF=ttf)
    fb.setupGlyphOrder(ORDER)
    fb.setupCharacterMap(CMAP)
    if ttf:
        glyphs = {}
        for name in ORDER:
            pen = TTGlyphPen(None)
            draw(pen, SHAPES.get(name, []))
            glyphs[name] = pen.glyph()
        fb.setupGlyf(glyphs)
    else:
        strings = {}
        for name in ORDER:
            pen = T2CharStringPen(ADVANCE[name], None)
            draw(pen, SHAPES.get(name, []))
            strings[name] = pen.getCharString()
        fb.setupCFF("DWTestSymbols-Regular", {"FullName": "DW Test Symbols"}, strings, {})
    fb.setupHorizontalMetrics({n: (ADVANCE[n], 0) for n in ORDER})
    fb.setupHorizontalHeader(ascent=800, descent=-200)
    fb.setupNameTable({"familyName": "DW Test Symbols", "styleName": "Regular"})
    fb.setupOS2(sTypoAscender=800, sTypoDescender=-200, usWinAscent=800, usWinDescent=200)
    fb.setupPost()
    fb.save(path)


build("DWTestSymbols.ttf", True)
build("DWTestSymbols.otf", False)
