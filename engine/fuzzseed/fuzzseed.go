// Package fuzzseed makes seed inputs for fuzz tests of JSON readers: a
// good document with one value at a time replaced by what byte mutations
// rarely reach (a null where an object was, an empty list, a negative
// number), so the fuzzer starts next to the structural edge cases.
package fuzzseed

import (
	"encoding/json"
	"maps"
	"slices"
)

// JSONVariants returns good with each of its values replaced, one at a
// time, by null, and by the empty value of its kind ("" for a string, {}
// for an object, [] for a list) or -1 and 0 for a number. At most max
// variants are returned, spread evenly over the document; the order is
// fixed. good must be valid JSON.
func JSONVariants(good []byte, max int) [][]byte {
	var doc any
	if err := json.Unmarshal(good, &doc); err != nil {
		panic("fuzzseed: the good document is not JSON: " + err.Error())
	}
	var sets []func() []byte // each makes one variant
	var walk func(v any, set func(any))
	walk = func(v any, set func(any)) {
		if set != nil {
			for _, odd := range oddOf(v) {
				sets = append(sets, func() []byte {
					set(odd)
					defer set(v)
					data, err := json.Marshal(doc)
					if err != nil {
						panic(err)
					}
					return data
				})
			}
		}
		switch v := v.(type) {
		case map[string]any:
			for _, k := range slices.Sorted(maps.Keys(v)) {
				walk(v[k], func(x any) { v[k] = x })
			}
		case []any:
			for i := range v {
				walk(v[i], func(x any) { v[i] = x })
			}
		}
	}
	walk(doc, nil)
	step := 1
	if max > 0 && len(sets) > max {
		step = (len(sets) + max - 1) / max
	}
	var out [][]byte
	for i := 0; i < len(sets); i += step {
		out = append(out, sets[i]())
	}
	return out
}

// oddOf is what replaces v: null, and its kind's edge values.
func oddOf(v any) []any {
	switch v.(type) {
	case string:
		return []any{nil, ""}
	case float64:
		return []any{nil, -1.0, 0.0}
	case map[string]any:
		return []any{nil, map[string]any{}}
	case []any:
		return []any{nil, []any{}}
	}
	return []any{nil}
}
