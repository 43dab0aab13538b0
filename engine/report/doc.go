// Package report renders the report of a sim run (a game.SimReport) for
// people: Text for a terminal, HTML for a browser. Both read the same
// model and share its formatting (percentages, differences in points,
// confidence levels), so a number reads the same in either; JSON is the
// model itself, encoded.
package report
