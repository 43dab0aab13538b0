package templates

import "github.com/deckwright/deckwright/engine/diag"

// Diagnostic codes of template files (DW30xx).
var (
	CodeSyntax       = diag.Register("DW3001", diag.Error, "a template file is not valid YAML")
	CodeUnknownKey   = diag.Register("DW3002", diag.Error, "a template names an unknown key or zone type")
	CodeUnknownField = diag.Register("DW3003", diag.Error, "a template binds a field (column) the sheet does not have")
	CodeUnknownFont  = diag.Register("DW3004", diag.Error, "a template names an unknown font or font style")
	CodeUnknownSheet = diag.Register("DW3005", diag.Error, "a template names a sheet the game does not have")
	CodeBadValue     = diag.Register("DW3006", diag.Error, "a template value has the wrong form (a number, a size, a colour, a list)")
	CodeUnknownIcon  = diag.Register("DW3007", diag.Error, "a template names an icon that is not defined")
	CodeDuplicate    = diag.Register("DW3008", diag.Error, "two templates (or keys, or icons) in one folder have the same name")
	CodeMissing      = diag.Register("DW3009", diag.Error, "a template lacks a key it needs")
	CodeUnknownColor = diag.Register("DW3010", diag.Error, "a template names a colour that is neither #rrggbb nor in a palette")
	CodeOutside      = diag.Register("DW3011", diag.Warning, "a zone lies outside the card, or a text zone outside the safe area")
	CodeTemplateIO   = diag.Register("DW3012", diag.Error, "a template file or folder cannot be read")
	CodeFont         = diag.Register("DW3013", diag.Error, "a font file named in shared.yaml cannot be used")
	CodeLimit        = diag.Register("DW3014", diag.Error, "a template exceeds a limit (text length, bindings, zones, markup)")
	CodeOverArt      = diag.Register("DW3015", diag.Warning, "a text zone overlaps an icon or image zone that can show with it")
	CodeImageFile    = diag.Register("DW3016", diag.Error, "an image file a template names cannot be used")
)
