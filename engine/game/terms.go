package game

// Terms are a game's words for what the generic reports count, so that a
// Fallen Land report speaks of factions and Prestige where a Fortune and
// Glory one speaks of heroes and Glory. Plurals are spelled out: "KOs",
// "character deaths".
type Terms struct {
	Player  string `json:"player"`  // one side: "hero", "faction"
	Players string `json:"players"` // "heroes", "factions"
	Round   string `json:"round"`   // "round", "turn"
	Rounds  string `json:"rounds"`  // "rounds", "turns"
	Losses  string `json:"losses"`  // what LossesPerGame counts: "KOs", "character deaths"
	Prizes  string `json:"prizes"`  // what PrizesPerGame counts: "artifacts recovered", "resources captured"
	Score   string `json:"score"`   // the victory currency (ScorePer): "Glory", "Prestige"
	Money   string `json:"money"`   // the spending currency (MoneyPer): "Fortune", "Salvage"
	Damage  string `json:"damage"`  // what DamagePer counts: "wounds", "damage"
}

// DefaultTerms are the words of a module that names none.
var DefaultTerms = Terms{Player: "player", Players: "players", Round: "round", Rounds: "rounds", Losses: "losses",
	Prizes: "prizes", Score: "points", Money: "money", Damage: "damage"}

// Or fills t's blank words from d.
func (t Terms) Or(d Terms) Terms {
	for _, p := range []struct{ dst, src *string }{
		{&t.Player, &d.Player}, {&t.Players, &d.Players}, {&t.Round, &d.Round}, {&t.Rounds, &d.Rounds}, {&t.Losses, &d.Losses},
		{&t.Prizes, &d.Prizes}, {&t.Score, &d.Score}, {&t.Money, &d.Money}, {&t.Damage, &d.Damage},
	} {
		if *p.dst == "" {
			*p.dst = *p.src
		}
	}
	return t
}
