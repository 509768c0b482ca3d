package testkit

import (
	"fmt"
	"go/ast"
	"go/token"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/astutil"
)

// OnePlace checks what issue 42 asks of -fix over a package's files and
// its findings (their first fix is the one -fix applies), and returns what
// breaks it: a type some of whose findings go through a guarded helper
// (a method the fix adds or routes through, or a helper fixed at its
// depth) while a direct call of a recorder through its receiver gets an
// inline check; and a function without results whose statements only emit
// (its findings, Trace events, locals, bare returns, ifs and switches of
// those) that gets more than one check.
func OnePlace(fset *token.FileSet, files []*ast.File, diags []analysis.Diagnostic) []string {
	type typeFixes struct{ helper, inline []string }
	byType := make(map[string]*typeFixes)
	checks := make(map[ast.Node]map[token.Pos]bool) // an emit-only function -> where its checks go
	findings := make(map[token.Pos]bool)
	for _, d := range diags {
		findings[d.Pos] = true
	}
	for _, d := range diags {
		if len(d.SuggestedFixes) == 0 {
			continue
		}
		file := fileOf(files, d.Pos)
		if file == nil {
			continue
		}
		path, _ := astutil.PathEnclosingInterval(file, d.Pos, d.End)
		var call *ast.CallExpr
		var fn ast.Node
		var decl *ast.FuncDecl
		for _, n := range path {
			switch n := n.(type) {
			case *ast.CallExpr:
				if call == nil && n.Pos() == d.Pos {
					call = n
				}
			case *ast.FuncLit:
				if fn == nil {
					fn = n
				}
			case *ast.FuncDecl:
				if fn == nil {
					fn = n
				}
				decl = n
			}
		}
		if call == nil || decl == nil {
			continue
		}
		posn := fset.Position(d.Pos)
		at := fmt.Sprintf("%s:%d", posn.Filename[strings.LastIndex(posn.Filename, "/")+1:], posn.Line)
		msg := d.SuggestedFixes[0].Message
		if recv := receiverOf(decl); recv != "" {
			tf := byType[recv]
			if tf == nil {
				tf = new(typeFixes)
				byType[recv] = tf
			}
			switch {
			case strings.HasPrefix(msg, "Add ") || strings.HasPrefix(msg, "Emit through ") || strings.HasPrefix(msg, "Pass "):
				tf.helper = append(tf.helper, at)
			case strings.HasPrefix(msg, "Skip ") && throughReceiver(decl, call):
				tf.inline = append(tf.inline, at)
			}
		}
		if strings.HasPrefix(msg, "Skip ") && onlyEmits(fn, findings) {
			if checks[fn] == nil {
				checks[fn] = make(map[token.Pos]bool)
			}
			for _, e := range d.SuggestedFixes[0].TextEdits {
				if strings.Contains(string(e.NewText), ".Err(), ") {
					checks[fn][e.Pos] = true
				}
			}
		}
	}
	var out []string
	for recv, tf := range byType {
		if len(tf.helper) > 0 && len(tf.inline) > 0 {
			out = append(out, fmt.Sprintf("type %s: a guarded helper (%s) and inline checks (%s)", recv, strings.Join(tf.helper, ", "), strings.Join(tf.inline, ", ")))
		}
	}
	for fn, at := range checks {
		if len(at) > 1 {
			out = append(out, fmt.Sprintf("%s: a function that only emits gets %d checks", fset.Position(fn.Pos()), len(at)))
		}
	}
	return out
}

func fileOf(files []*ast.File, pos token.Pos) *ast.File {
	for _, f := range files {
		if f.FileStart <= pos && pos < f.FileEnd {
			return f
		}
	}
	return nil
}

// receiverOf names the receiver's type of a method: "R".
func receiverOf(decl *ast.FuncDecl) string {
	if decl.Recv == nil || len(decl.Recv.List) == 0 {
		return ""
	}
	t := decl.Recv.List[0].Type
	if s, ok := t.(*ast.StarExpr); ok {
		t = s.X
	}
	switch t := t.(type) {
	case *ast.IndexExpr:
		t2, _ := t.X.(*ast.Ident)
		if t2 != nil {
			return t2.Name
		}
	case *ast.IndexListExpr:
		t2, _ := t.X.(*ast.Ident)
		if t2 != nil {
			return t2.Name
		}
	case *ast.Ident:
		return t.Name
	}
	return ""
}

// throughReceiver reports whether call calls a method on the method's
// receiver or on a chain of its fields: r.Eventf, r.rec.Event.
func throughReceiver(decl *ast.FuncDecl, call *ast.CallExpr) bool {
	names := decl.Recv.List[0].Names
	if len(names) == 0 {
		return false
	}
	sel, ok := call.Fun.(*ast.SelectorExpr)
	if !ok {
		return false
	}
	x := sel.X
	for {
		switch e := x.(type) {
		case *ast.SelectorExpr:
			x = e.X
			continue
		case *ast.Ident:
			return e.Name == names[0].Name
		}
		return false
	}
}

// onlyEmits reports whether fn has no results and its statements only
// emit: findings' calls, other calls of recorder methods of the package's
// shape (Event, Eventf, AnnotatedEventf: its Trace events), assignments,
// declarations, bare returns, and ifs, switches and blocks of those, with
// at least one finding.
func onlyEmits(fn ast.Node, findings map[token.Pos]bool) bool {
	var ft *ast.FuncType
	var body *ast.BlockStmt
	switch fn := fn.(type) {
	case *ast.FuncDecl:
		ft, body = fn.Type, fn.Body
	case *ast.FuncLit:
		ft, body = fn.Type, fn.Body
	default:
		return false
	}
	if ft.Results != nil && len(ft.Results.List) > 0 {
		return false
	}
	n := 0
	var stmts func(list []ast.Stmt) bool
	stmts = func(list []ast.Stmt) bool {
		for _, s := range list {
			switch s := s.(type) {
			case *ast.ExprStmt:
				call, ok := s.X.(*ast.CallExpr)
				if !ok {
					return false
				}
				if findings[call.Pos()] {
					n++
					continue
				}
				sel, ok := call.Fun.(*ast.SelectorExpr)
				if !ok || sel.Sel.Name != "Event" && sel.Sel.Name != "Eventf" && sel.Sel.Name != "AnnotatedEventf" {
					return false
				}
			case *ast.AssignStmt:
				if s.Tok != token.DEFINE {
					return false // it may write a field, an element, a caller's variable
				}
			case *ast.DeclStmt:
			case *ast.ReturnStmt:
				if len(s.Results) > 0 {
					return false
				}
			case *ast.BlockStmt:
				if !stmts(s.List) {
					return false
				}
			case *ast.IfStmt:
				if !stmts(s.Body.List) || s.Else != nil && !stmts([]ast.Stmt{s.Else}) {
					return false
				}
			case *ast.SwitchStmt:
				for _, c := range s.Body.List {
					if !stmts(c.(*ast.CaseClause).Body) {
						return false
					}
				}
			default:
				return false
			}
		}
		return true
	}
	return stmts(body.List) && n > 0
}
