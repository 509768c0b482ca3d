package rungen

import "math/rand/v2"

// InputSize is the length of the inputs [Inputs] draws: long enough that
// most programs use their whole statement budget before the input runs
// out.
const InputSize = 160

// Inputs returns the inputs of the n programs of the batch numbered seed:
// program i's is drawn from a generator seeded with (seed, i) alone, so
// that a program is reproduced from its batch and index, whatever the
// batch's size.
func Inputs(seed uint64, n int) [][]byte {
	inputs := make([][]byte, n)
	for i := range inputs {
		rng := rand.New(rand.NewPCG(seed, uint64(i)))
		inputs[i] = make([]byte, InputSize)
		for j := range inputs[i] {
			inputs[i][j] = byte(rng.Uint32())
		}
	}
	return inputs
}

// MaxSplit is the largest number of programs [Split] makes of one input.
const MaxSplit = 8

// Split cuts a fuzz input into the inputs of a batch: its first byte says
// how many programs (1 to MaxSplit), the rest is shared out among them in
// equal runs. Every input is a batch, the empty one of one empty program.
func Split(data []byte) [][]byte {
	n := 1
	if len(data) > 0 {
		n = 1 + int(data[0])%MaxSplit
		data = data[1:]
	}
	size := (len(data) + n - 1) / n
	inputs := make([][]byte, n)
	for i := range inputs {
		lo, hi := min(i*size, len(data)), min((i+1)*size, len(data))
		inputs[i] = data[lo:hi]
	}
	return inputs
}
