package export

import "github.com/deckwright/deckwright/engine/diag"

// Diagnostic codes of the card export (DW31xx).
var (
	CodeOverflow     = diag.Register("DW3101", diag.Error, "text does not fit its zone on the card even at the zone's smallest size")
	CodeUnknownToken = diag.Register("DW3102", diag.Warning, "card text has a {token} that is neither an icon nor a keyword")
	CodeMissingRow   = diag.Register("DW3103", diag.Error, "a template looks up a row (sheet.id.column) that the build does not have")
	CodeGlyph        = diag.Register("DW3104", diag.Warning, "card text has a character no font of the templates can print")
	CodeNoTemplate   = diag.Register("DW3105", diag.Warning, "a deck sheet has cards but no template prints them")
	CodeUnknownIcon  = diag.Register("DW3106", diag.Warning, "a row names an icon that no template defines")
	CodeSmallText    = diag.Register("DW3107", diag.Warning, "text is fitted below 6 pt, too small to read on a printed card")
	CodeImage        = diag.Register("DW3108", diag.Error, "a cell names a picture that is missing, unreadable, not PNG or JPEG, or oversized")
)
