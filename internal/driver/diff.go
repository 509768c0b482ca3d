package driver

import (
	"fmt"
	"strings"
)

// unifiedDiff returns a unified diff (3 lines of context, GNU diff -u
// format) that turns old into new, or "" when they are equal. It is what
// -fix -diff prints for each changed file.
func unifiedDiff(oldLabel, newLabel, old, new string) string {
	a, b := splitLines(old), splitLines(new)
	ops := diffLines(a, b)
	hunks := groupHunks(ops, 3)
	if len(hunks) == 0 {
		return ""
	}
	var sb strings.Builder
	fmt.Fprintf(&sb, "--- %s\n+++ %s\n", oldLabel, newLabel)
	for _, h := range hunks {
		h.write(&sb, a, b)
	}
	return sb.String()
}

// splitLines splits s after each newline; a last line without one is kept.
func splitLines(s string) []string {
	lines := strings.SplitAfter(s, "\n")
	if lines[len(lines)-1] == "" {
		lines = lines[:len(lines)-1]
	}
	return lines
}

// An op is one line of the edit script: kept (' '), deleted ('-') or
// inserted ('+'), with its index in the old (ai) or new (bi) lines.
type op struct {
	kind   byte
	ai, bi int
}

// diffLines computes a shortest edit script from a to b with Myers'
// O((N+M)D) algorithm, keeping the frontier of every step to trace back.
func diffLines(a, b []string) []op {
	n, m := len(a), len(b)
	offset := n + m + 1
	v := make([]int, 2*(n+m)+3) // v[offset+k]: furthest x on diagonal k
	var trace [][]int
	for d := 0; d <= n+m; d++ {
		trace = append(trace, append([]int(nil), v...))
		for k := -d; k <= d; k += 2 {
			var x int
			if k == -d || k != d && v[offset+k-1] < v[offset+k+1] {
				x = v[offset+k+1] // down: insert b[y]
			} else {
				x = v[offset+k-1] + 1 // right: delete a[x-1]
			}
			y := x - k
			for x < n && y < m && a[x] == b[y] {
				x, y = x+1, y+1
			}
			v[offset+k] = x
			if x >= n && y >= m {
				return backtrack(trace, offset, n, m)
			}
		}
	}
	return nil // unreachable: d = n+m always reaches the end
}

// backtrack walks the saved frontiers from (n, m) back to (0, 0) and
// returns the edit script in order.
func backtrack(trace [][]int, offset, n, m int) []op {
	var rev []op
	x, y := n, m
	for d := len(trace) - 1; d >= 0; d-- {
		v := trace[d]
		k := x - y
		pk := k - 1
		if k == -d || k != d && v[offset+k-1] < v[offset+k+1] {
			pk = k + 1
		}
		px := v[offset+pk]
		py := px - pk
		for x > px && y > py {
			x, y = x-1, y-1
			rev = append(rev, op{' ', x, y})
		}
		if d > 0 {
			if x == px {
				rev = append(rev, op{'+', x, py})
			} else {
				rev = append(rev, op{'-', px, y})
			}
		}
		x, y = px, py
	}
	ops := make([]op, len(rev))
	for i, o := range rev {
		ops[len(rev)-1-i] = o
	}
	return ops
}

// A hunk is a run of ops with changes and their surrounding context.
type hunk struct{ ops []op }

// groupHunks splits ops into hunks, each change with up to context kept
// lines around it; changes closer than 2*context share a hunk.
func groupHunks(ops []op, context int) []hunk {
	var hunks []hunk
	start, end := -1, -1 // the current hunk's ops[start:end]
	for i, o := range ops {
		if o.kind == ' ' {
			continue
		}
		lo := max(i-context, 0)
		if start >= 0 && lo <= end+context {
			end = i + 1
			continue
		}
		if start >= 0 {
			hunks = append(hunks, hunk{ops[start:min(end+context, len(ops))]})
		}
		start, end = lo, i+1
	}
	if start >= 0 {
		hunks = append(hunks, hunk{ops[start:min(end+context, len(ops))]})
	}
	return hunks
}

func (h hunk) write(sb *strings.Builder, a, b []string) {
	var oldCount, newCount int
	for _, o := range h.ops {
		if o.kind != '+' {
			oldCount++
		}
		if o.kind != '-' {
			newCount++
		}
	}
	first := h.ops[0]
	fmt.Fprintf(sb, "@@ -%s +%s @@\n", hunkRange(first.ai, oldCount), hunkRange(first.bi, newCount))
	for _, o := range h.ops {
		var line string
		if o.kind == '+' {
			line = b[o.bi]
		} else {
			line = a[o.ai]
		}
		sb.WriteByte(o.kind)
		sb.WriteString(line)
		if !strings.HasSuffix(line, "\n") {
			sb.WriteString("\n\\ No newline at end of file\n")
		}
	}
}

// hunkRange formats a hunk's start line (1-based) and length, as diff -u:
// an empty range names the line before it.
func hunkRange(start, count int) string {
	switch count {
	case 0:
		return fmt.Sprintf("%d,0", start)
	case 1:
		return fmt.Sprintf("%d", start+1)
	}
	return fmt.Sprintf("%d,%d", start+1, count)
}
