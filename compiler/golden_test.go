package compiler_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/deckwright/deckwright/compiler"
	"github.com/deckwright/deckwright/engine/diag"
)

const (
	E = diag.Error
	W = diag.Warning
)

const controlHint = `delete it: it usually comes with text pasted from elsewhere (deckwright prints it escaped, as \x1b)`

var heroHeader = r("ID", "Name", "Power", "Home", "Brave", "Class", "Elements")

func heroes(rows ...[]string) sheetRows {
	return sheet("Heroes", append([][]string{heroHeader}, rows...)...)
}
func alice(cells ...string) []string {
	return append(r("alice", "Alice", "3", "town", "TRUE", "mage", "fire, water"), cells...)
}
func cardRows(rows ...[]string) sheetRows {
	return sheet("Cards", append([][]string{r("ID", "Name", "Count", "Text", "Effect", "Condition", "Tags", "Roll")}, rows...)...)
}

// TestStrayApostropheSheet: a sheet named "Relics'" (spreadsheet programs
// refuse the name; scripts and other writers do not) is another sheet,
// not a silent alias of Relics.
func TestStrayApostropheSheet(t *testing.T) {
	wb, l := read(t, "base.xlsx", xlsx(t, with(toyBase(), sheet("RelicsX", r("ID", "Name", "Text"), r("idol", "Idol", "An idol.")))...))
	require.Zero(t, l.Len())
	for _, sh := range wb.Sheets {
		if sh.Name == "RelicsX" {
			sh.Name = "Relics'"
		}
	}
	tb, dl := compiler.Compile(toy, []*compiler.Workbook{wb}, compiler.Options{})
	require.NotNil(t, tb)
	assertDiags(t, dl, dg("base.xlsx:Relics'", 0, W, compiler.CodeUnknownSheet, `sheet "Relics'" is not part of Toy Game; it is ignored`, `did you mean "Relics"?`))
	assert.Empty(t, tb.Rows("relics"), "its rows are not Relics")
}

// TestGoldenBase compiles a base set with one problem each and checks the
// exact diagnostics: position, caret column, severity, code, message, hint.
func TestGoldenBase(t *testing.T) {
	tests := []struct {
		name   string
		sheets []sheetRows
		want   []diag.JSONDiagnostic
	}{
		// Sheets and headers.
		{"misspelled sheet", with(toyBase(), sheet("Herose", r("ID"))),
			[]diag.JSONDiagnostic{dg("base.xlsx:Herose", 0, W, compiler.CodeUnknownSheet, `sheet "Herose" is not part of Toy Game; it is ignored`, `did you mean "Heroes"?`)}},
		{"unrelated sheet", with(toyBase(), sheet("Scratch", r("x")), sheet("_notes", r("anything")), sheet("#todo", r("x"))),
			[]diag.JSONDiagnostic{dg("base.xlsx:Scratch", 0, W, compiler.CodeUnknownSheet, `sheet "Scratch" is not part of Toy Game; it is ignored`, "start a sheet's name with _ to keep notes in the workbook without this warning")}},
		{"sheet alias and case", with(without(toyBase(), "Heroes"), sheet("CHAMPIONS", heroHeader, alice())), nil},
		{"a stray apostrophe makes another column", with(toyBase(), sheet("Relics", r("ID", "Name", "Text'"), r("idol", "Idol", "An idol."))),
			[]diag.JSONDiagnostic{
				dg("base.xlsx:Relics!C1", 0, W, compiler.CodeUnknownColumn, `column "Text'" is not part of the Relics sheet; it is ignored`, `did you mean "Text"?`),
				dg("base.xlsx:Relics!2", 0, W, compiler.CodeNoPrintText, `card "idol" has no text for players`, "fill Text so the printed card says what it does"),
			}},
		{"missing sheet", without(toyBase(), "Cards"),
			[]diag.JSONDiagnostic{dg("base.xlsx", 0, E, compiler.CodeMissingSheet, "the build has no Cards sheet", "add a sheet named Cards (deckwright init writes one with every column)")}},
		{"optional sheets may be absent", without(toyBase(), "Relics"), nil},
		{"no Set sheet", without(toyBase(), "Set"),
			[]diag.JSONDiagnostic{dg("base.xlsx", 0, E, compiler.CodeSetSheet, "the workbook has no Set sheet", "add a sheet named Set with columns ID, Name, Game, Requires and one row naming this set")}},
		{"Set sheet without a row", with(toyBase(), sheet("Set", r("ID", "Name", "Game"))),
			[]diag.JSONDiagnostic{dg("base.xlsx:Set", 0, E, compiler.CodeSetSheet, "the Set sheet needs a header row and one row naming the set", "row 1: ID, Name, Game, Requires; row 2: this set")}},
		{"Set row without ID", with(toyBase(), sheet("Set", r("ID", "Name", "Game"), r("", "Base", toyGame))),
			[]diag.JSONDiagnostic{dg("base.xlsx:Set!A2", 0, E, compiler.CodeSetSheet, "the Set row has no ID", "give the set a short ID such as my-expansion")}},
		{"Set row without game", with(toyBase(), sheet("Set", r("ID", "Name", "Game"), r("base", "Base"))),
			[]diag.JSONDiagnostic{dg("base.xlsx:Set!C2", 0, E, compiler.CodeSetSheet, "the Set row does not say which game it is for", "write toy-game")}},
		{"Set ID not a slug", with(toyBase(), sheet("Set", r("ID", "Name", "Game"), r("My Set", "Base", toyGame))),
			[]diag.JSONDiagnostic{dg("base.xlsx:Set!A2", 0, E, compiler.CodeBadID, `set ID "My Set" is not a slug`, "use lower-case letters a–z, digits and hyphens, e.g. my-set (the Name column may hold any text)")}},
		{"Set ID in Arabic", with(toyBase(), sheet("Set", r("ID", "Name", "Game"), r("المجموعة", "Base", toyGame))),
			[]diag.JSONDiagnostic{dg("base.xlsx:Set!A2", 0, E, compiler.CodeBadID, `set ID "المجموعة" is not a slug`, "use lower-case letters a–z, digits and hyphens, e.g. my-expansion (the Name column may hold any text)")}},
		{"Set row with a control character", with(toyBase(), sheet("Set", r("ID", "Name", "Game"), r("base", "Ba_x001B_]0;owned_x0007_se", toyGame))),
			[]diag.JSONDiagnostic{dg("base.xlsx:Set!B2", 3, E, compiler.CodeControl, "Name holds a control character, U+001B (ESC), which no card can print", controlHint)}},
		{"game by title", with(toyBase(), sheet("Set", r("Game", "ID"), r("Toy Game", "base"))), nil},
		{"wrong game", with(toyBase(), sheet("Set", r("ID", "Name", "Game"), r("base", "Base", "fortune-and-glory"))),
			[]diag.JSONDiagnostic{dg("base.xlsx:Set!C2", 0, E, compiler.CodeWrongGame, `this workbook is for "fortune-and-glory", not toy-game`, "every workbook of a build must be for the same game")}},
		{"unknown columns", with(toyBase(), heroes(), sheet("Heroes", r("ID", "Name", "Power", "Home", "Bioo", "Strength", "_note", "Slogan"), r("alice", "Alice", "3", "town", "", "", "", "Onward"))),
			[]diag.JSONDiagnostic{
				dg("base.xlsx:Heroes!E1", 0, W, compiler.CodeUnknownColumn, `column "Bioo" is not part of the Heroes sheet; it is ignored`, `did you mean "Bio"?`),
				dg("base.xlsx:Heroes!F1", 0, W, compiler.CodeUnknownColumn, `column "Strength" is not part of the Heroes sheet; it is ignored`, "start a column's name with _ to keep notes without this warning"),
			}},
		{"missing required column", with(toyBase(), sheet("Places", r("ID", "Name", "Links"), r("town", "Town", ""))),
			[]diag.JSONDiagnostic{dg("base.xlsx:Places", 0, E, compiler.CodeMissingColumn, "the Places sheet has no Kind column", "Kind: town or wild")}},
		{"missing ID column", with(toyBase(), sheet("Keywords", r("Name", "Icon"), r("Fire", "flame"), r("Trap", ""))),
			// The rows cannot be told apart, so only the header is reported;
			// the names that point at them still resolve, so they are not
			// reported a second time.
			[]diag.JSONDiagnostic{
				dg("base.xlsx:Keywords", 0, E, compiler.CodeMissingColumn, "the Keywords sheet has no ID column", "ID: stable identifier: lower-case letters, digits and hyphens, unique across every sheet and layer"),
			}},
		{"missing Name column", with(toyBase(), sheet("Relics", r("ID", "Text"), r("idol", "An idol."))),
			[]diag.JSONDiagnostic{dg("base.xlsx:Relics", 0, E, compiler.CodeMissingColumn, "the Relics sheet has no Name column", "Name: the name printed on the card or sheet")}},
		{"duplicate column", with(toyBase(), heroes(), sheet("Heroes", r("ID", "Name", "Power", "Home", "power"), r("alice", "Alice", "3", "town", "4"))),
			[]diag.JSONDiagnostic{dg("base.xlsx:Heroes!E1", 0, E, compiler.CodeDupColumn, `column "Power" appears twice (also in column C)`, "delete or rename one of them")}},
		{"duplicate column by alias", with(toyBase(), sheet("Heroes", r("ID", "Name", "Power", "Home", "Motto", "Slogan"), r("alice", "Alice", "3", "town", "a", "b"))),
			[]diag.JSONDiagnostic{dg("base.xlsx:Heroes!F1", 0, E, compiler.CodeDupColumn, `column "Slogan" is another name for "Motto" (column E)`, "delete or rename one of them")}},
		{"header not in row 1", with(toyBase(), sheet("Relics", r(), r("ID", "Name", "Text"), r("idol", "Idol", "An idol."))),
			[]diag.JSONDiagnostic{dg("base.xlsx:Relics", 0, W, compiler.CodeNoHeader, "the sheet has no header row in row 1; it is ignored", "row 1 must hold the column names")}},
		{"empty sheet", with(toyBase(), sheet("Relics")),
			[]diag.JSONDiagnostic{dg("base.xlsx:Relics", 0, W, compiler.CodeNoHeader, "the sheet has no header row in row 1; it is ignored", "row 1 must hold the column names")}},

		// Cells.
		{"required cell blank", with(toyBase(), heroes(r("alice", "Alice", "", "town"))),
			[]diag.JSONDiagnostic{dg("base.xlsx:Heroes!C2", 0, E, compiler.CodeRequired, "Power is required", "Power: dice rolled")}},
		{"blank ID", with(toyBase(), heroes(alice(), r("", "Nobody", "2", "town"))),
			[]diag.JSONDiagnostic{dg("base.xlsx:Heroes!A3", 0, E, compiler.CodeRequired, "ID is required", "every row needs a unique ID; to keep a row without content, set Disabled to TRUE")}},
		{"not a number", with(toyBase(), heroes(r("alice", "Alice", "three", "town"), r("bob", "Bob", "3.5", "town"), r("cid", "Cid", "3.0", "town"))),
			[]diag.JSONDiagnostic{
				dg("base.xlsx:Heroes!C2", 0, E, compiler.CodeNotInt, `Power must be a whole number, not "three"`, ""),
				dg("base.xlsx:Heroes!C3", 0, E, compiler.CodeNotInt, `Power must be a whole number, not "3.5"`, ""),
			}},
		{"out of range", with(toyBase(), heroes(r("alice", "Alice", "12", "town")), cardRows(r("spark", "Spark", "-1", "x"), r("pit", "Pit", "1", "x"))),
			[]diag.JSONDiagnostic{
				dg("base.xlsx:Heroes!C2", 0, E, compiler.CodeRange, "Power must be between 1 and 9, not 12", ""),
				dg("base.xlsx:Cards!C2", 0, E, compiler.CodeRange, "Count must be between 0 and 99, not -1", ""),
			}},
		{"not a bool", with(toyBase(), heroes(alice(), r("bob", "Bob", "3", "town", "maybe"))),
			[]diag.JSONDiagnostic{dg("base.xlsx:Heroes!E3", 0, E, compiler.CodeNotBool, `Brave must be TRUE or FALSE, not "maybe"`, "")}},
		{"not a choice", with(toyBase(), heroes(r("alice", "Alice", "3", "town", "", "mgae"))),
			[]diag.JSONDiagnostic{dg("base.xlsx:Heroes!F2", 0, E, compiler.CodeEnum, `Class must be one of warrior, mage, rogue, not "mgae"`, `did you mean "mage"?`)}},
		{"not a choice in a list", with(toyBase(), heroes(r("alice", "Alice", "3", "town", "", "", "fire, wter"), r("bob", "Bob", "3", "town", "", "", "ice,  fire"))),
			[]diag.JSONDiagnostic{
				dg("base.xlsx:Heroes!G2", 7, E, compiler.CodeEnum, `Elements must be one of fire, water, earth, not "wter"`, `did you mean "water"?`),
				dg("base.xlsx:Heroes!G3", 1, E, compiler.CodeEnum, `Elements must be one of fire, water, earth, not "ice"`, ""),
			}},
		{"bad Change", with(toyBase(), sheet("Relics", r("ID", "Name", "Text", "Change"), r("idol", "Idol", "x", "update"))),
			[]diag.JSONDiagnostic{dg("base.xlsx:Relics!D2", 0, E, compiler.CodeEnum, `Change must be one of add, replace, remove, not "update"`, "")}},
		{"ID not a slug", with(toyBase(), heroes(alice(), r("Bob Smith", "Bob", "3", "town"))),
			[]diag.JSONDiagnostic{dg("base.xlsx:Heroes!A3", 0, E, compiler.CodeBadID, `ID "Bob Smith" is not a slug`, "use lower-case letters a–z, digits and hyphens, e.g. bob-smith (the Name column may hold any text)")}},
		{"ID in Arabic", with(toyBase(), heroes(alice(), r("بطل", "بطل", "3", "town"))),
			[]diag.JSONDiagnostic{dg("base.xlsx:Heroes!A3", 0, E, compiler.CodeBadID, `ID "بطل" is not a slug`, "use lower-case letters a–z, digits and hyphens, e.g. heroes-3 (the Name column may hold any text)")}},
		// Control characters reach a workbook's XML as _xHHHH_ escapes.
		{"control characters in cells", with(toyBase(), heroes(r("alice", "Al_x001B_[2Jice", "3", "town"), r("bob", "Bob", "3", "town", "", "", "fire, wa_x0007_ter")), cardRows(r("spark", "Spark", "1", "Line one.\r\n\tLine two.\u009b"))),
			[]diag.JSONDiagnostic{
				dg("base.xlsx:Heroes!B2", 3, E, compiler.CodeControl, "Name holds a control character, U+001B (ESC), which no card can print", controlHint),
				dg("base.xlsx:Heroes!G3", 9, E, compiler.CodeControl, "Elements holds a control character, U+0007 (BEL), which no card can print", controlHint),
				dg("base.xlsx:Cards!D2", 22, E, compiler.CodeControl, "Text holds a control character, U+009B (CSI), which no card can print", controlHint),
			}},
		{"grammar: bad target", with(toyBase(), cardRows(r("spark", "Spark", "1", "x", "", "", "", "9+"))),
			[]diag.JSONDiagnostic{dg("base.xlsx:Cards!H2", 1, E, compiler.CodeGrammar, "target 9+ cannot be rolled", "")}},
		{"grammar: unexpected word", with(toyBase(), cardRows(r("spark", "Spark", "1", "x", "", "", "", "5+  at Fire"))),
			[]diag.JSONDiagnostic{dg("base.xlsx:Cards!H2", 5, E, compiler.CodeGrammar, `unexpected "at"`, `write "vs <keyword>" or "in <element>"`)}},

		// References and expressions.
		{"unknown reference", with(toyBase(), heroes(r("alice", "Alice", "3", "twon"))),
			[]diag.JSONDiagnostic{dg("base.xlsx:Heroes!D2", 0, E, compiler.CodeUnknownRef, `no Places row is called "twon"`, `did you mean "town"?`)}},
		{"reference by name", with(toyBase(), heroes(r("alice", "Alice", "3", "TOWN"))), nil},
		{"unknown reference in a list", with(toyBase(), sheet("Places", r("ID", "Name", "Kind", "Links"), r("town", "Town", "town", "wilds, nowhere"), r("wilds", "The Wilds", "wild", "the wilds"))),
			[]diag.JSONDiagnostic{dg("base.xlsx:Places!D2", 8, E, compiler.CodeUnknownRef, `no Places row is called "nowhere"`, "")}},
		{"unknown symbol", with(toyBase(), cardRows(r("spark", "Spark", "1", "x", "", "", "", "5+ vs Fier in Air"))),
			[]diag.JSONDiagnostic{
				dg("base.xlsx:Cards!H2", 7, E, compiler.CodeUnknownSymbol, `unknown keyword "Fier"`, `did you mean "Fire"?`),
				dg("base.xlsx:Cards!H2", 15, E, compiler.CodeUnknownSymbol, `unknown element "Air"`, "one of: Fire, Water, Earth"),
			}},
		{"effect syntax", with(toyBase(), cardRows(r("spark", "Spark", "1", "x", "gain(1"))),
			[]diag.JSONDiagnostic{dg("base.xlsx:Cards!E2", 7, E, compiler.CodeEffectSyntax, "unexpected token EOF", "the text ends inside ( … ): add the missing )")}},
		{"effect: unknown verb", with(toyBase(), cardRows(r("spark", "Spark", "1", "x", "gain(1); gian(2)"))),
			[]diag.JSONDiagnostic{dg("base.xlsx:Cards!E2", 10, E, compiler.CodeEffectType, `unknown verb "gian"`, `did you mean "gain"?`)}},
		{"condition not a bool", with(toyBase(), cardRows(r("spark", "Spark", "1", "x", "", "hero.power"))),
			[]diag.JSONDiagnostic{dg("base.xlsx:Cards!F2", 1, E, compiler.CodeEffectType, "a condition must be true or false, but this is a number", "")}},
		{"effect: name of a filtered domain", with(toyBase(), cardRows(r("spark", "Spark", "1", "x", `goTo("Town"); goTo("Wilds")`))),
			[]diag.JSONDiagnostic{dg("base.xlsx:Cards!E2", 20, E, compiler.CodeEffectType, `unknown town "Wilds"`, "one of: Town")}},

		// Layers within the base.
		{"duplicate ID", with(toyBase(), heroes(alice(), r("alice", "Alicia", "2", "town"))),
			[]diag.JSONDiagnostic{dg("base.xlsx:Heroes!A3", 0, E, compiler.CodeDupID, `ID "alice" is already used in base.xlsx:Heroes!A2`, "IDs must be unique; rename one of them")}},
		{"base row with Change", with(toyBase(), sheet("Relics", r("ID", "Name", "Change", "Text"), r("idol", "Idol", "replace", "x"))),
			[]diag.JSONDiagnostic{dg("base.xlsx:Relics!C2", 0, E, compiler.CodeBaseChange, "a base set row cannot replace: there is no earlier layer", "clear the Change cell")}},

		// Lints.
		{"no print text", with(toyBase(), cardRows(r("spark", "Spark", "2", "Gain 1."), r("pit", "Pit", "1"), r("spare", "Spare", "0"))),
			[]diag.JSONDiagnostic{dg("base.xlsx:Cards!D3", 0, W, compiler.CodeNoPrintText, `card "pit" has no text for players`, "fill Text so the printed card says what it does")}},
		{"duplicate names", with(toyBase(),
			sheet("Places", r("ID", "Name", "Kind"), r("town", "Town", "town"), r("town-2", "town", "town"), r("wilds", "The Wilds", "wild")),
			cardRows(r("spark", "Spark", "1", "x"), r("spark-2", "Spark", "1", "x"), r("spark-3", "Spark", "1", "y"))),
			[]diag.JSONDiagnostic{
				dg("base.xlsx:Places!B3", 0, W, compiler.CodeDupName, `"town" has the same name as base.xlsx:Places!B2`, "players tell rows apart by name; rename one"),
				dg("base.xlsx:Cards!B3", 0, W, compiler.CodeDupName, `"Spark" has the same name as base.xlsx:Cards!B2`, "the two cards are identical: remove one and raise Count"),
			}},
		{"empty deck", with(toyBase(), cardRows(r("spark", "Spark", "0", "x"), r("pit", "Pit", "0", "y", "", "", "", "", "TRUE"))),
			[]diag.JSONDiagnostic{dg("base.xlsx:Cards", 0, E, compiler.CodeEmptyDeck, "the Cards deck has no cards", "add rows with Count of at least 1")}},
		{"disabled rows are skipped", with(toyBase(), sheet("Cards", r("ID", "Name", "Count", "Text", "Disabled"), r("spark", "Spark", "1", "x"), r("Not A Slug", "", "many", "", "TRUE"), r("pit", "Pit", "1", "y", "yes"))), nil},

		// The module's own checks run on clean content.
		{"module check", with(toyBase(), heroes(r("alice", "Alice", "3", "wilds"))),
			[]diag.JSONDiagnostic{dg("base.xlsx:Heroes!D2", 0, E, codeToyHome, `Alice lives in "wilds", a wild, not a town`, "heroes start in a town")}},
		{"module check over a whole sheet", with(toyBase(), sheet("Places", r("ID", "Name", "Kind"), r("town", "Town", "wild"), r("wilds", "The Wilds", "wild"))),
			[]diag.JSONDiagnostic{
				dg("base.xlsx:Heroes!D2", 0, E, codeToyHome, `Alice lives in "town", a wild, not a town`, "heroes start in a town"),
				dg("base.xlsx:Heroes!D3", 0, E, codeToyHome, `Bob lives in "town", a wild, not a town`, "heroes start in a town"),
				dg("base.xlsx:Places", 0, E, codeToyNoTown, "the map has no town", ""),
			}},

		// One pass: every check that can run on what compiled runs, and no
		// problem is reported twice.
		{"module checks run beside cell errors", with(toyBase(), heroes(r("alice", "Alice", "3", "wilds"), r("bob", "Bob", "x", "town"))),
			[]diag.JSONDiagnostic{
				dg("base.xlsx:Heroes!D2", 0, E, codeToyHome, `Alice lives in "wilds", a wild, not a town`, "heroes start in a town"),
				dg("base.xlsx:Heroes!C3", 0, E, compiler.CodeNotInt, `Power must be a whole number, not "x"`, ""),
			}},
		{"a row with an error is not checked again", with(toyBase(), heroes(alice(), r("bob", "Bob", "x", "wilds"))),
			[]diag.JSONDiagnostic{dg("base.xlsx:Heroes!C3", 0, E, compiler.CodeNotInt, `Power must be a whole number, not "x"`, "")}},
		{"a reference to a row with an error is not reported again", with(toyBase(),
			sheet("Places", r("ID", "Name", "Kind", "Links"), r("town", "Town", "twon", "wilds"), r("wilds", "The Wilds", "wild", "town"))),
			// The heroes live in a town that did not compile; the map has
			// no town only because of it: both are left unsaid.
			[]diag.JSONDiagnostic{dg("base.xlsx:Places!C2", 0, E, compiler.CodeEnum, `Kind must be one of town, wild, not "twon"`, `did you mean "town"?`)}},
		{"a row without an ID is still found by name, and checked", with(toyBase(),
			sheet("Places", r("ID", "Name", "Kind", "Links"), r("town", "Town", "town", "wilds, far away"), r("wilds", "The Wilds", "wild", "town"), r("", "Far Away", "wild", "nowhere"))),
			[]diag.JSONDiagnostic{
				dg("base.xlsx:Places!A4", 0, E, compiler.CodeRequired, "ID is required", "every row needs a unique ID; to keep a row without content, set Disabled to TRUE"),
				dg("base.xlsx:Places!D4", 0, E, compiler.CodeUnknownRef, `no Places row is called "nowhere"`, ""),
			}},
		{"a row whose ID is not a slug is still found", with(toyBase(),
			sheet("Places", r("ID", "Name", "Kind", "Links"), r("town", "Town", "town", "Wild Lands"), r("Wild Lands", "The Wilds", "wild", "town"))),
			[]diag.JSONDiagnostic{dg("base.xlsx:Places!A3", 0, E, compiler.CodeBadID, `ID "Wild Lands" is not a slug`, "use lower-case letters a–z, digits and hyphens, e.g. wild-lands (the Name column may hold any text)")}},
		{"a duplicate row's cells are checked too", with(toyBase(), heroes(alice(), r("alice", "Alicia", "12", "nowhere"))),
			[]diag.JSONDiagnostic{
				dg("base.xlsx:Heroes!A3", 0, E, compiler.CodeDupID, `ID "alice" is already used in base.xlsx:Heroes!A2`, "IDs must be unique; rename one of them"),
				dg("base.xlsx:Heroes!C3", 0, E, compiler.CodeRange, "Power must be between 1 and 9, not 12", ""),
				dg("base.xlsx:Heroes!D3", 0, E, compiler.CodeUnknownRef, `no Places row is called "nowhere"`, ""),
			}},
		{"an ID used on two sheets", with(toyBase(), sheet("Keywords", r("ID", "Name"), r("fire", "Fire"), r("trap", "Trap"), r("alice", "Alice's Mark"))),
			[]diag.JSONDiagnostic{dg("base.xlsx:Keywords!A4", 0, E, compiler.CodeIDAcrossSheets, `ID "alice" is already used on the Heroes sheet (base.xlsx:Heroes!A2)`, "IDs are unique across every sheet and layer; rename one of them")}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tb, l := compileBase(t, tt.sheets)
			assertDiags(t, l, tt.want...)
			if l.Errors() > 0 {
				assert.Nil(t, tb, "tables are nil when there are errors")
			} else {
				assert.NotNil(t, tb)
			}
		})
	}
}
