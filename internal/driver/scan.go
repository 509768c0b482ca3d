package driver

import (
	"bytes"
	"io"
	"maps"
	"os"
	"slices"
	"strings"
)

// names is a set of names of functions and methods that may emit.
type names struct {
	set  map[string]bool
	dots [][]byte // ".Name" for each name no other is a prefix of, while there are few
}

func newNames(sets ...map[string]bool) *names {
	n := &names{set: make(map[string]bool)}
	for _, set := range sets {
		for name := range set {
			n.set[name] = true
		}
	}
	if len(n.set) <= 8 {
		for name := range n.set {
			if !slices.ContainsFunc(slices.Collect(maps.Keys(n.set)), func(other string) bool {
				return other != name && strings.HasPrefix(name, other)
			}) {
				n.dots = append(n.dots, []byte("."+name))
			}
		}
		slices.SortFunc(n.dots, bytes.Compare)
	}
	return n
}

func (n *names) has(name string) bool { return n.set[name] }

// callsOne reports whether one of the files holds a selector call of one
// of the names. A file that cannot be read counts as one that does: the
// type check says why. The files are read into buf, which it returns,
// grown as needed.
func callsOne(files []string, n *names, buf []byte) (bool, []byte) {
	for _, name := range files {
		var err error
		buf, err = readInto(name, buf)
		if err != nil || n.calledIn(buf) {
			return true, buf
		}
	}
	return false, buf
}

// calledIn reports whether src holds a selector call of one of the
// names: ".Name" and then, after blanks, "(". With few names it looks for
// each (bytes.Index is fast; one search finds both Event and Eventf), else
// at every selector.
func (n *names) calledIn(src []byte) bool {
	if n.dots == nil {
		return n.anySelectorCall(src)
	}
	for _, dot := range n.dots {
		for i := 0; ; {
			j := bytes.Index(src[i:], dot)
			if j < 0 {
				break
			}
			start := i + j + 1
			end := start
			for end < len(src) && isIdentByte(src[end]) {
				end++
			}
			if callFollows(src, end) && n.set[string(src[start:end])] {
				return true
			}
			i = end
		}
	}
	return false
}

func (n *names) anySelectorCall(src []byte) bool {
	for i := 0; ; {
		j := bytes.IndexByte(src[i:], '.')
		if j < 0 {
			return false
		}
		start := i + j + 1
		end := start
		for end < len(src) && isIdentByte(src[end]) {
			end++
		}
		if end > start && callFollows(src, end) && n.set[string(src[start:end])] {
			return true
		}
		i = end
	}
}

// callFollows reports whether "(" comes at src[i:], after blanks.
func callFollows(src []byte, i int) bool {
	for i < len(src) && (src[i] == ' ' || src[i] == '\t') {
		i++
	}
	return i < len(src) && src[i] == '('
}

func isIdentByte(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '_' || c >= 0x80
}

// readInto reads the file into buf, reusing its storage.
func readInto(name string, buf []byte) ([]byte, error) {
	f, err := os.Open(name)
	if err != nil {
		return buf[:0], err
	}
	defer f.Close()
	buf = buf[:0]
	for {
		if len(buf) == cap(buf) {
			buf = append(buf, 0)[:len(buf)]
		}
		n, err := f.Read(buf[len(buf):cap(buf)])
		buf = buf[:len(buf)+n]
		if err == io.EOF {
			return buf, nil
		}
		if err != nil {
			return buf, err
		}
	}
}
