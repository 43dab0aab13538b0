package dice

// Fight is a fight to the finish between a hero and an enemy, in
// simultaneous rounds: each side rolls its dice, each die at or above Hit
// hits, Defense prevents that many hits each time hits are taken.
type Fight struct {
	HeroDice, HeroDefense, HeroHealth    int
	EnemyDice, EnemyDefense, EnemyHealth int
	Hit                                  int // a die at or above this hits
}

// Outcome gives the chances of a fight's ends. Win counts the enemy
// defeated while the hero stands; Trade, both falling in the same round
// (the hero still gains the Glory); Lose, the hero KO'd first.
type Outcome struct {
	Win, Trade, Lose float64
}

// FightOdds computes a fight's outcome exactly, by dynamic programming
// over the wounds both sides can still take.
func FightOdds(f Fight) Outcome {
	if f.EnemyHealth <= 0 {
		return Outcome{Win: 1}
	}
	if f.HeroHealth <= 0 {
		return Outcome{Lose: 1}
	}
	p := float64(7-min(max(f.Hit, 1), 7)) / 6
	heroHits := damage(Binomial(max(f.HeroDice, 0), p), f.EnemyDefense)
	enemyHits := damage(Binomial(max(f.EnemyDice, 0), p), f.HeroDefense)
	stay := heroHits[0] * enemyHits[0]
	if stay >= 1 {
		// Neither side can ever hurt the other.
		return Outcome{}
	}
	H, E := f.HeroHealth, f.EnemyHealth
	// memo[h][e] for h in 1..H, e in 1..E.
	memo := make([]Outcome, (H+1)*(E+1))
	at := func(h, e int) Outcome {
		switch {
		case e <= 0 && h <= 0:
			return Outcome{Trade: 1}
		case e <= 0:
			return Outcome{Win: 1}
		case h <= 0:
			return Outcome{Lose: 1}
		}
		return memo[h*(E+1)+e]
	}
	for h := 1; h <= H; h++ {
		for e := 1; e <= E; e++ {
			var o Outcome
			for a, pa := range heroHits {
				if pa == 0 {
					continue
				}
				for b, pb := range enemyHits {
					if pb == 0 || (a == 0 && b == 0) {
						continue
					}
					next := at(h-b, e-a)
					w := pa * pb
					o.Win += w * next.Win
					o.Trade += w * next.Trade
					o.Lose += w * next.Lose
				}
			}
			scale := 1 / (1 - stay)
			o.Win *= scale
			o.Trade *= scale
			o.Lose *= scale
			memo[h*(E+1)+e] = o
		}
	}
	return at(H, E)
}

// damage turns a hits distribution into a wounds distribution after
// defense.
func damage(hits []float64, defense int) []float64 {
	if defense <= 0 {
		return hits
	}
	n := max(len(hits)-defense, 1)
	out := make([]float64, n)
	for k, p := range hits {
		out[max(k-defense, 0)] += p
	}
	return out
}
