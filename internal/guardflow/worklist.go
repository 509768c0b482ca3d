package guardflow

import (
	"go/token"
	"math/bits"

	"golang.org/x/tools/go/cfg"
)

// reversePostorder numbers the blocks of g in reverse postorder from the
// entry: a block comes after all its predecessors but along back edges.
// Unreachable blocks come last.
func reversePostorder(g *cfg.CFG) []int32 {
	n := len(g.Blocks)
	order := make([]int32, n)
	visited := make([]bool, n)
	next := int32(n - 1)
	type frame struct {
		b    *cfg.Block
		succ int
	}
	stack := []frame{{g.Blocks[0], 0}}
	visited[0] = true
	for len(stack) > 0 {
		top := &stack[len(stack)-1]
		if top.succ < len(top.b.Succs) {
			s := top.b.Succs[top.succ]
			top.succ++
			if !visited[s.Index] {
				visited[s.Index] = true
				stack = append(stack, frame{s, 0})
			}
			continue
		}
		order[top.b.Index] = next
		next--
		stack = stack[:len(stack)-1]
	}
	for i := range order {
		if !visited[i] {
			order[i] = int32(n) + int32(i)
		}
	}
	return order
}

// worklist hands out queued blocks in reverse postorder, so that a block
// is visited once its predecessors have settled (and a chain of merges
// is walked once, not once per change at its far end). It keeps a bit
// per position in that order, and the first position that may be queued:
// adding and taking a block cost the same however many are queued (a
// binary heap cost the logarithm of that, and in deeply nested code, where
// every level leaves the block after it queued, that grew with the depth).
type worklist struct {
	order  []int32  // each block's position in reverse postorder
	blocks []int32  // the block at each position
	queued []uint64 // bit p: the block at position p is queued
	first  int      // no position before it is queued
	n      int      // how many blocks are queued
}

func newWorklist(order []int32) *worklist {
	// Unreachable blocks come last, at positions up to twice the count.
	w := &worklist{order: order, blocks: make([]int32, 2*len(order)), queued: make([]uint64, (2*len(order)+63)/64)}
	for b, p := range order {
		w.blocks[p] = int32(b)
	}
	w.first = len(w.blocks)
	return w
}

func (w *worklist) add(b int32) {
	p := int(w.order[b])
	if w.queued[p/64]&(1<<(p%64)) == 0 {
		w.queued[p/64] |= 1 << (p % 64)
		w.n++
		w.first = min(w.first, p)
	}
}

func (w *worklist) empty() bool { return w.n == 0 }

// next takes the queued block first in reverse postorder.
func (w *worklist) next() int32 {
	i := w.first / 64
	word := w.queued[i] &^ (1<<(w.first%64) - 1)
	for word == 0 {
		i++
		word = w.queued[i]
	}
	p := i*64 + bits.TrailingZeros64(word)
	w.queued[i] &^= 1 << (p % 64)
	w.n--
	w.first = p + 1
	return w.blocks[p]
}

// blockStart returns a position that every variable in scope where block
// b starts is in scope at, for pruning the others: its first node's; for
// an empty block (an if's or a loop's join), that of the statement it
// belongs to, whose scope holds its own variables; NoPos where it has
// neither. Pruning at empty blocks too keeps a state as small as the
// variables in scope where many nested statements end together.
func blockStart(b *cfg.Block) token.Pos {
	if len(b.Nodes) > 0 {
		return b.Nodes[0].Pos()
	}
	if b.Stmt != nil {
		return b.Stmt.Pos()
	}
	return token.NoPos
}
