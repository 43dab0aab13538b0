package compiler

import "github.com/deckwright/deckwright/engine/diag"

// Diagnostic codes of the generic compiler. Game modules register their own
// (DW1xxx Fortune and Glory, DW2xxx Fallen Land).
var (
	// Files and workbooks.
	CodeIO          = diag.Register("DW0101", diag.Error, "the file or folder cannot be read")
	CodeNotXLSX     = diag.Register("DW0102", diag.Error, "the file is not a workbook (.xlsx or .ods): a CSV or text file, or another format")
	CodeOldXLS      = diag.Register("DW0103", diag.Error, "the file is an old binary .xls workbook")
	CodeEncrypted   = diag.Register("DW0104", diag.Error, "the workbook is password-protected")
	CodeDamaged     = diag.Register("DW0105", diag.Error, "the workbook is truncated or damaged")
	CodeTooLarge    = diag.Register("DW0106", diag.Error, "the workbook or one of its parts is too large to be content (or is a zip bomb)")
	CodeTooManyRows = diag.Register("DW0107", diag.Error, "a sheet has more rows than deckwright reads")
	CodeLongCell    = diag.Register("DW0108", diag.Error, "a cell holds more text than any card can")
	CodeFormula     = diag.Register("DW0109", diag.Error, "a formula cell has no saved result")
	CodeMerged      = diag.Register("DW0110", diag.Error, "merged cells in the data area")
	CodeTooManyCols = diag.Register("DW0111", diag.Error, "a sheet has more columns than deckwright reads")
	CodeNoWorkbooks = diag.Register("DW0112", diag.Error, "a project folder holds no workbooks")

	// Sheets and headers.
	CodeUnknownSheet  = diag.Register("DW0201", diag.Warning, "a sheet the game does not know (it is ignored)")
	CodeMissingSheet  = diag.Register("DW0202", diag.Error, "the base set lacks a sheet the game needs")
	CodeSetSheet      = diag.Register("DW0203", diag.Error, "the Set sheet is missing or does not name the set")
	CodeWrongGame     = diag.Register("DW0204", diag.Error, "the workbook is for another game")
	CodeUnknownColumn = diag.Register("DW0205", diag.Warning, "a column the sheet does not know (it is ignored)")
	CodeMissingColumn = diag.Register("DW0206", diag.Error, "a required column is missing")
	CodeDupColumn     = diag.Register("DW0207", diag.Error, "two columns have the same name")
	CodeNoHeader      = diag.Register("DW0208", diag.Warning, "a sheet has no header row (it is ignored)")
	CodeHiddenRow     = diag.Register("DW0209", diag.Warning, "a row hidden in the spreadsheet is read all the same (Disabled switches a row off)")

	// Cells.
	CodeRequired = diag.Register("DW0301", diag.Error, "a required cell is blank")
	CodeNotInt   = diag.Register("DW0302", diag.Error, "a cell must hold a whole number")
	CodeRange    = diag.Register("DW0303", diag.Error, "a number is outside its column's range")
	CodeNotBool  = diag.Register("DW0304", diag.Error, "a cell must be TRUE or FALSE")
	CodeEnum     = diag.Register("DW0305", diag.Error, "a word is not one of the column's choices")
	CodeBadID    = diag.Register("DW0306", diag.Error, "an ID is not a valid slug")
	CodeGrammar  = diag.Register("DW0307", diag.Error, "a structured cell (a skill test, modifiers, …) does not parse")
	CodeControl  = diag.Register("DW0308", diag.Error, "a cell holds a control character (ESC, BEL, …): nothing can print it")

	// References and expressions.
	CodeUnknownRef    = diag.Register("DW0401", diag.Error, "a reference names no row of the sheet it points to")
	CodeUnknownSymbol = diag.Register("DW0402", diag.Error, "a name inside a cell (a keyword, an enemy, …) is not defined")
	CodeEffectSyntax  = diag.Register("DW0411", diag.Error, "an effect or condition does not parse")
	CodeEffectType    = diag.Register("DW0412", diag.Error, "an effect or condition uses an unknown name or the wrong type")

	// Layers.
	CodeDupID          = diag.Register("DW0501", diag.Error, "two rows of one layer have the same ID")
	CodeIDClash        = diag.Register("DW0502", diag.Error, "a layer reuses an ID from an earlier layer without saying Change = replace")
	CodeChangeUnknown  = diag.Register("DW0503", diag.Error, "a replace or remove names an ID no earlier layer has")
	CodeLayerOrder     = diag.Register("DW0504", diag.Error, "the layers' Requires do not form one chain from a base set")
	CodeDupSet         = diag.Register("DW0505", diag.Error, "two workbooks declare the same set ID")
	CodeBaseChange     = diag.Register("DW0506", diag.Error, "a base set row says replace or remove")
	CodeIDAcrossSheets = diag.Register("DW0507", diag.Error, "two sheets use the same ID (IDs are unique across all sheets and layers)")

	// Lints.
	CodeNoPrintText = diag.Register("DW0901", diag.Warning, "a card has no text a player can read")
	CodeDupName     = diag.Register("DW0902", diag.Warning, "two rows of a sheet have the same name")
	CodeEmptyDeck   = diag.Register("DW0903", diag.Error, "a deck has no cards")
)
