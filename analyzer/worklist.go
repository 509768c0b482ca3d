package analyzer

import "golang.org/x/tools/go/cfg"

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
// is walked once, not once per change at its far end). It is a binary
// heap of block indexes ordered by their position in reverse postorder.
type worklist struct {
	order  []int32
	queued []bool
	heap   []int32
}

func newWorklist(order []int32) *worklist {
	return &worklist{order: order, queued: make([]bool, len(order))}
}

func (w *worklist) add(b int32) {
	if w.queued[b] {
		return
	}
	w.queued[b] = true
	w.heap = append(w.heap, b)
	for i := len(w.heap) - 1; i > 0; {
		parent := (i - 1) / 2
		if !w.before(i, parent) {
			break
		}
		w.heap[i], w.heap[parent] = w.heap[parent], w.heap[i]
		i = parent
	}
}

func (w *worklist) empty() bool { return len(w.heap) == 0 }

func (w *worklist) next() int32 {
	b := w.heap[0]
	last := len(w.heap) - 1
	w.heap[0] = w.heap[last]
	w.heap = w.heap[:last]
	for i := 0; ; {
		least := i
		for _, c := range [2]int{2*i + 1, 2*i + 2} {
			if c < len(w.heap) && w.before(c, least) {
				least = c
			}
		}
		if least == i {
			break
		}
		w.heap[i], w.heap[least] = w.heap[least], w.heap[i]
		i = least
	}
	w.queued[b] = false
	return b
}

// before reports whether the block at heap position i comes before the
// one at j in reverse postorder.
func (w *worklist) before(i, j int) bool { return w.order[w.heap[i]] < w.order[w.heap[j]] }
