package guardflow

import (
	"container/heap"

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
// is walked once, not once per change at its far end).
type worklist struct {
	order  []int32
	queued []bool
	heap   blockHeap
}

func newWorklist(order []int32) *worklist {
	return &worklist{order: order, queued: make([]bool, len(order)), heap: blockHeap{order: order}}
}

func (w *worklist) add(b int32) {
	if !w.queued[b] {
		w.queued[b] = true
		heap.Push(&w.heap, b)
	}
}

func (w *worklist) empty() bool { return w.heap.Len() == 0 }

func (w *worklist) next() int32 {
	b := heap.Pop(&w.heap).(int32)
	w.queued[b] = false
	return b
}

type blockHeap struct {
	order  []int32
	blocks []int32
}

func (h blockHeap) Len() int           { return len(h.blocks) }
func (h blockHeap) Less(i, j int) bool { return h.order[h.blocks[i]] < h.order[h.blocks[j]] }
func (h blockHeap) Swap(i, j int)      { h.blocks[i], h.blocks[j] = h.blocks[j], h.blocks[i] }
func (h *blockHeap) Push(x any)        { h.blocks = append(h.blocks, x.(int32)) }
func (h *blockHeap) Pop() any {
	b := h.blocks[len(h.blocks)-1]
	h.blocks = h.blocks[:len(h.blocks)-1]
	return b
}
