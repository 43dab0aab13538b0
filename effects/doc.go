package effects

import (
	"fmt"
	"io"
	"sort"
	"strings"
)

// Syntax is the language summary printed at the top of the reference.
const Syntax = "" +
	"An effect is one expression, or several steps separated by `;` (run in order).\n\n" +
	"| you write | meaning |\n|---|---|\n" +
	"| `gainGlory(2); drawEvent()` | call verbs, in order |\n" +
	"| `hero.combat`, `round` | read a value |\n" +
	"| `test.has(\"Chase\")`, `fight(\"Nazi Enemies\")` | quoted names: keywords, decks, skills, spaces — checked at build time |\n" +
	"| `+ - * / %` | whole-number arithmetic (`/` rounds toward zero) |\n" +
	"| `== != < <= > >=` | comparisons |\n" +
	"| `and or not` (or `&& \\|\\| !`) | logic |\n" +
	"| `cond ? a : b`, `if cond { a } else { b }` | choose |\n" +
	"| `hero.space in [\"london\", \"paris\"]` | membership in a written-out list |\n" +
	"| `let r = roll(); r >= 5 ? gainGlory(2) : wound(1)` | name a value once, use it twice |\n" +
	"| `min(a, b)`, `max(a, b)`, `abs(a)` | helpers |\n\n" +
	"A condition cell must be true or false. Effects cannot loop; a run stops with an error after " +
	"32 nested effects or 10,000 verb calls.\n"

// WriteMarkdown writes the reference for the given environments: syntax,
// then per environment its values and verbs with signatures and docs.
func WriteMarkdown(w io.Writer, title string, envs ...*Env) error {
	var b strings.Builder
	fmt.Fprintf(&b, "# %s\n\n", title)
	b.WriteString("## Syntax\n\n")
	b.WriteString(Syntax)
	for _, e := range envs {
		fmt.Fprintf(&b, "\n## Environment `%s`\n\n%s\n", e.Name, e.Doc)
		if len(e.Domains) > 0 {
			b.WriteString("\n### Names\n\nQuoted names are checked against these lists when the workbook is built.\n\n| kind | what |\n|---|---|\n")
			keys := make([]string, 0, len(e.Domains))
			for k := range e.Domains {
				keys = append(keys, k)
			}
			sort.Strings(keys)
			for _, k := range keys {
				fmt.Fprintf(&b, "| `%s` | %s |\n", k, e.Domains[k])
			}
		}
		b.WriteString("\n### Values\n\n| value | type | meaning |\n|---|---|---|\n")
		for _, v := range e.Values() {
			fmt.Fprintf(&b, "| `%s` | %s | %s |\n", v.Name, v.Type, v.Doc)
		}
		group := "\x00"
		for _, v := range e.Verbs() {
			if v.Group != group {
				group = v.Group
				name := group
				if name == "" {
					name = "Verbs"
				}
				fmt.Fprintf(&b, "\n### %s\n\n| verb | meaning |\n|---|---|\n", name)
			}
			fmt.Fprintf(&b, "| `%s` | %s |\n", v.Signature(), v.Doc)
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}
