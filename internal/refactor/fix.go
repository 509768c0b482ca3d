package refactor

import (
	"go/ast"
	"go/token"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
)

// Fix is a suggested fix as the analyzer decided it, plain data: its
// message and its steps, in the order their edits are listed. Build turns
// it into text edits.
type Fix struct {
	Message string
	Steps   []Step
}

// A Step is one change of a fix: a Skip, a Param, an Arg, a Callee, a
// Rename, a Declare, a Method or an Imports.
type Step interface{ step() }

// Form is how a Skip skips its statement.
type Form uint8

const (
	// GuardClause puts "if cancelled { return }" right before the
	// statement, which must start its line.
	GuardClause Form = iota + 1
	// Wrap puts the statement in "if !cancelled { ... }": one that starts
	// its line, or the only statement of a block written on one line.
	Wrap
	// Fold adds "&& !cancelled" to the condition of Parent, the if
	// without else whose only statement the statement is.
	Fold
	// Join adds "|| cancelled" to the condition of Parent (the Stmt), an
	// if whose body only returns.
	Join
)

// Skip skips Stmt, a statement of File held by Parent, when Cancelled
// holds (errors.Is(ctx.Err(), context.Canceled), spelled for the place),
// in the Form the analyzer chose; Build fails where that form cannot be
// made.
type Skip struct {
	File      *ast.File
	Stmt      ast.Stmt
	Parent    ast.Node
	Form      Form
	Cancelled string
}

// Param adds a first parameter to Func, declared as Decl ("ctx
// context.Context"), when Index is -1; else it names Func's parameter
// number Index Decl. Where Func's parameters are unnamed, the others are
// named _.
type Param struct {
	Func  *ast.FuncType
	Index int
	Decl  string
}

// Arg passes Text as the first argument of Call.
type Arg struct {
	Call *ast.CallExpr
	Text string
}

// Rename gives each of Idents (a declaration first, then its uses) the
// name Name; where Assign is set, its token becomes Tok (= and := turn
// into each other as the names it declares change).
type Rename struct {
	Idents []*ast.Ident
	Name   string
	Assign *ast.AssignStmt
	Tok    token.Token
}

// Declare puts Text, a statement, on a line of its own, indented as Stmt
// is: right before Stmt (above the comment lines directly over it), or,
// with After, on the line after Stmt's last. Stmt must start its line.
type Declare struct {
	File  *ast.File
	Stmt  ast.Stmt
	After bool
	Text  string
}

// Callee makes Call call Text instead of its function.
type Callee struct {
	Call *ast.CallExpr
	Text string
}

// Method adds, after the declaration After of File, a method that skips
// one call when Cancelled holds:
//
//	// Doc
//	func (Recv) Name(Params) {
//		if Cancelled {
//			return
//		}
//		Call
//	}
type Method struct {
	File                                     *ast.File
	After                                    *ast.FuncDecl
	Doc, Recv, Name, Params, Cancelled, Call string
}

// Imports are imports File needs.
type Imports struct {
	File    *ast.File
	Imports []Import
}

func (Skip) step()    {}
func (Param) step()   {}
func (Arg) step()     {}
func (Rename) step()  {}
func (Declare) step() {}
func (Callee) step()  {}
func (Method) step()  {}
func (Imports) step() {}

// Sources reads the files that fixes edit, each once for all its fixes.
type Sources struct {
	fset  *token.FileSet
	read  func(string) ([]byte, error)
	files map[*token.File][]byte
}

// NewSources returns the sources of the files of fset, read with read
// (analysis.Pass.ReadFile).
func NewSources(fset *token.FileSet, read func(string) ([]byte, error)) *Sources {
	return &Sources{fset: fset, read: read, files: make(map[*token.File][]byte)}
}

// source returns the contents of the file that holds pos; false where it
// cannot be read, or is not what was parsed.
func (s *Sources) source(pos token.Pos) ([]byte, *token.File, bool) {
	tf := s.fset.File(pos)
	if tf == nil {
		return nil, nil, false
	}
	src, ok := s.files[tf]
	if !ok {
		var err error
		if src, err = s.read(tf.Name()); err != nil || len(src) != tf.Size() {
			src = nil
		}
		s.files[tf] = src
	}
	return src, tf, src != nil
}

// Build returns the fix's edits, each once, in the order of its steps;
// false when one cannot be made: a source that cannot be read, a statement
// that cannot be skipped where it stands. No step rewrites a statement's
// text (a skip inserts around it), so the steps' edits never overlap.
func (s *Sources) Build(fix *Fix) (analysis.SuggestedFix, bool) {
	var edits editSet
	imports := make(map[*ast.File][]Import)
	var files []*ast.File
	for _, st := range fix.Steps {
		switch st := st.(type) {
		case Skip:
			es, ok := s.skip(st)
			if !ok {
				return analysis.SuggestedFix{}, false
			}
			edits.add(es...)
		case Param:
			edits.add(paramEdits(st)...)
		case Arg:
			edits.add(insertArg(st.Call, st.Text))
		case Callee:
			edits.add(analysis.TextEdit{Pos: st.Call.Fun.Pos(), End: st.Call.Fun.End(), NewText: []byte(st.Text)})
		case Method:
			edits.add(methodEdit(st))
		case Rename:
			for _, id := range st.Idents {
				edits.add(analysis.TextEdit{Pos: id.Pos(), End: id.End(), NewText: []byte(st.Name)})
			}
			if a := st.Assign; a != nil && a.Tok != st.Tok {
				edits.add(analysis.TextEdit{Pos: a.TokPos, End: a.TokPos + token.Pos(len(a.Tok.String())), NewText: []byte(st.Tok.String())})
			}
		case Declare:
			e, ok := s.declare(st)
			if !ok {
				return analysis.SuggestedFix{}, false
			}
			edits.add(e)
		case Imports:
			// A fix adds the imports of all its steps to a file at once: two
			// insertions of one import at one place would both go in.
			if _, seen := imports[st.File]; !seen {
				files = append(files, st.File)
			}
			for _, imp := range st.Imports {
				if !slices.Contains(imports[st.File], imp) {
					imports[st.File] = append(imports[st.File], imp)
				}
			}
		}
	}
	for _, file := range files {
		edits.add(AddImports(s.fset, file, imports[file])...)
	}
	return analysis.SuggestedFix{Message: fix.Message, TextEdits: edits.list}, true
}

// skip returns the edits of a Skip.
func (s *Sources) skip(sk Skip) ([]analysis.TextEdit, bool) {
	src, tf, ok := s.source(sk.Stmt.Pos())
	if !ok {
		return nil, false
	}
	var e analysis.TextEdit
	switch sk.Form {
	case GuardClause:
		e, ok = guardClause(src, tf, sk.File, sk.Stmt, "if "+sk.Cancelled+" {")
	case Wrap:
		return wrap(src, tf, sk.File, sk.Parent, sk.Stmt, "if !"+sk.Cancelled+" {")
	case Fold:
		ifs, isIf := sk.Parent.(*ast.IfStmt)
		if !isIf {
			return nil, false
		}
		return fold(ifs, "!"+sk.Cancelled), true
	case Join:
		ifs, isIf := sk.Parent.(*ast.IfStmt)
		if !isIf {
			return nil, false
		}
		at := ifs.Cond.End()
		return []analysis.TextEdit{{Pos: at, End: at, NewText: []byte(" || " + sk.Cancelled)}}, true
	default:
		return nil, false
	}
	return []analysis.TextEdit{e}, ok
}

// declare returns the edit of a Declare.
func (s *Sources) declare(d Declare) (analysis.TextEdit, bool) {
	src, tf, ok := s.source(d.Stmt.Pos())
	if !ok {
		return analysis.TextEdit{}, false
	}
	indent, startsLine := lineIndent(src, tf, d.Stmt.Pos())
	if !startsLine {
		return analysis.TextEdit{}, false
	}
	var at token.Pos
	if d.After {
		line := tf.Line(d.Stmt.End())
		if line >= tf.LineCount() {
			return analysis.TextEdit{}, false
		}
		at = tf.LineStart(line + 1)
	} else {
		at = tf.LineStart(tf.Line(leadingComments(src, tf, d.File, d.Stmt.Pos())))
	}
	return analysis.TextEdit{Pos: at, End: at, NewText: []byte(indent + d.Text + "\n")}, true
}

// StartsLine reports whether only white space precedes pos on its line:
// where a guard clause or a wrap can go.
func (s *Sources) StartsLine(pos token.Pos) bool {
	src, tf, ok := s.source(pos)
	if !ok {
		return false
	}
	_, starts := lineIndent(src, tf, pos)
	return starts
}

// methodEdit returns the edit of a Method.
func methodEdit(m Method) analysis.TextEdit {
	text := "\n\n// " + strings.ReplaceAll(m.Doc, "\n", "\n// ") + "\nfunc (" + m.Recv + ") " + m.Name + "(" + m.Params + ") {\n" +
		"\tif " + m.Cancelled + " {\n\t\treturn\n\t}\n\t" + m.Call + "\n}"
	return analysis.TextEdit{Pos: m.After.End(), End: m.After.End(), NewText: []byte(text)}
}

// paramEdits returns the edits of a Param.
func paramEdits(p Param) []analysis.TextEdit {
	params := p.Func.Params
	if p.Index < 0 {
		switch {
		case len(params.List) == 0:
			return []analysis.TextEdit{insert(params.Opening+1, p.Decl)}
		case len(params.List[0].Names) > 0:
			return []analysis.TextEdit{insert(params.List[0].Pos(), p.Decl+", ")}
		}
	}
	var edits []analysis.TextEdit
	i := 0
	for k, field := range params.List {
		if len(field.Names) == 0 {
			text := "_ "
			switch {
			case p.Index < 0 && k == 0:
				text = p.Decl + ", _ "
			case i == p.Index:
				text = p.Decl + " "
			}
			edits = append(edits, insert(field.Type.Pos(), text))
			i++
			continue
		}
		for _, id := range field.Names {
			if i == p.Index {
				edits = append(edits, analysis.TextEdit{Pos: id.Pos(), End: id.End(), NewText: []byte(p.Decl)})
			}
			i++
		}
	}
	return edits
}

// insertArg returns the edit that passes arg first to call.
func insertArg(call *ast.CallExpr, arg string) analysis.TextEdit {
	if len(call.Args) > 0 {
		arg += ", "
	}
	at := call.Lparen + 1
	return analysis.TextEdit{Pos: at, End: at, NewText: []byte(arg)}
}

// editSet is a fix's edits, each once: several calls in one function name
// its blank context parameter alike.
type editSet struct {
	list []analysis.TextEdit
	seen map[editKey]bool
}

type editKey struct {
	pos, end token.Pos
	text     string
}

func (s *editSet) add(edits ...analysis.TextEdit) {
	if s.seen == nil {
		s.seen = make(map[editKey]bool)
	}
	for _, e := range edits {
		k := editKey{e.Pos, e.End, string(e.NewText)}
		if !s.seen[k] {
			s.seen[k] = true
			s.list = append(s.list, e)
		}
	}
}
