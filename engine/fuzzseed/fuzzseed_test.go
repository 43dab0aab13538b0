package fuzzseed

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestJSONVariants(t *testing.T) {
	got := JSONVariants([]byte(`{"a":[1,"x"],"b":true}`), 0)
	var s []string
	for _, v := range got {
		s = append(s, string(v))
	}
	assert.Equal(t, []string{
		`{"a":null,"b":true}`, `{"a":[],"b":true}`,
		`{"a":[null,"x"],"b":true}`, `{"a":[-1,"x"],"b":true}`, `{"a":[0,"x"],"b":true}`,
		`{"a":[1,null],"b":true}`, `{"a":[1,""],"b":true}`,
		`{"a":[1,"x"],"b":null}`,
	}, s, "each value replaced once, the document restored between")
	assert.Len(t, JSONVariants([]byte(`{"a":[1,"x"],"b":true}`), 3), 3, "at most max, spread evenly")
	assert.Len(t, JSONVariants([]byte(`{"a":[1,"x"],"b":true}`), 4), 4)
}
