package analyzer

import (
	"go/ast"
	"go/types"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/cfg"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/ctxnotify/ctxnotify-lint/internal/callgraph"
)

// noReturns tells go/cfg which calls never return, so that a path ending
// in one does not reach the code after it.
//
// It matches the knowledge of x/tools' ctrlflow analyzer (its intrinsic
// list, and no-return facts inferred from function bodies) rather than
// requiring it: ctrlflow builds a graph for every function of every
// package, dependencies included under go vet, while this pass only needs
// to look at functions whose last statement is a call that never returns.
// The standard library functions that ctrlflow infers from their bodies
// (os.Exit, log.Fatal...) are listed, since the standalone command does not
// analyse dependencies.
type noReturns struct {
	info       *types.Info
	pkg        *types.Package
	importFact importFact
	decls      map[*types.Func]*ast.FuncDecl
	memo       map[*types.Func]bool
}

// knownNoReturn are functions that never return, keyed "pkgpath.Func" or
// "pkgpath.Type.Method".
var knownNoReturn = setOf(
	"os.Exit", "runtime.Goexit",
	"syscall.Exit", "syscall.ExitProcess", "syscall.ExitThread",
	"log.Fatal", "log.Fatalf", "log.Fatalln", "log.Panic", "log.Panicf", "log.Panicln",
	"log.Logger.Fatal", "log.Logger.Fatalf", "log.Logger.Fatalln",
	"log.Logger.Panic", "log.Logger.Panicf", "log.Logger.Panicln",
	"k8s.io/klog.Exit", "k8s.io/klog.ExitDepth", "k8s.io/klog.Exitf", "k8s.io/klog.Exitln",
	"k8s.io/klog.Fatal", "k8s.io/klog.FatalDepth", "k8s.io/klog.Fatalf", "k8s.io/klog.Fatalln",
	"k8s.io/klog/v2.Exit", "k8s.io/klog/v2.ExitDepth", "k8s.io/klog/v2.Exitf", "k8s.io/klog/v2.Exitln",
	"k8s.io/klog/v2.Fatal", "k8s.io/klog/v2.FatalDepth", "k8s.io/klog/v2.Fatalf", "k8s.io/klog/v2.Fatalln",
	"go.uber.org/zap.Logger.Fatal", "go.uber.org/zap.Logger.Panic",
	"go.uber.org/zap.SugaredLogger.Fatal", "go.uber.org/zap.SugaredLogger.Fatalf", "go.uber.org/zap.SugaredLogger.Fatalw",
	"go.uber.org/zap.SugaredLogger.Panic", "go.uber.org/zap.SugaredLogger.Panicf", "go.uber.org/zap.SugaredLogger.Panicw",
	"github.com/sirupsen/logrus.Exit", "github.com/sirupsen/logrus.Fatal", "github.com/sirupsen/logrus.Fatalf", "github.com/sirupsen/logrus.Fatalln",
	"github.com/sirupsen/logrus.Panic", "github.com/sirupsen/logrus.Panicf", "github.com/sirupsen/logrus.Panicln",
	"github.com/sirupsen/logrus.Logger.Exit", "github.com/sirupsen/logrus.Logger.Fatal", "github.com/sirupsen/logrus.Logger.Fatalf", "github.com/sirupsen/logrus.Logger.Fatalln",
	"github.com/sirupsen/logrus.Logger.Panic", "github.com/sirupsen/logrus.Logger.Panicf", "github.com/sirupsen/logrus.Logger.Panicln",
	"github.com/sirupsen/logrus.Entry.Fatal", "github.com/sirupsen/logrus.Entry.Fatalf", "github.com/sirupsen/logrus.Entry.Fatalln",
	"github.com/sirupsen/logrus.Entry.Panic", "github.com/sirupsen/logrus.Entry.Panicf", "github.com/sirupsen/logrus.Entry.Panicln",
	"testing.common.FailNow", "testing.common.Fatal", "testing.common.Fatalf",
	"testing.common.SkipNow", "testing.common.Skip", "testing.common.Skipf",
)

// knownNoReturnNames are the last elements of knownNoReturn's names: most
// functions are ruled out without building a name.
var knownNoReturnNames = func() map[string]bool {
	m := make(map[string]bool)
	for name := range knownNoReturn {
		m[name[strings.LastIndex(name, ".")+1:]] = true
	}
	return m
}()

func setOf(names ...string) map[string]bool {
	m := make(map[string]bool, len(names))
	for _, n := range names {
		m[n] = true
	}
	return m
}

// findNoReturn finds the package's functions that never return.
func findNoReturn(m *callgraph.Model, imp importFact) *noReturns {
	nr := &noReturns{
		info:       m.Info,
		pkg:        m.Pkg,
		importFact: imp,
		decls:      make(map[*types.Func]*ast.FuncDecl, len(m.Decls)),
		memo:       make(map[*types.Func]bool),
	}
	for _, d := range m.Decls {
		nr.decls[d.Obj] = d.Decl
	}
	return nr
}

// export exports a fact for each of the package's functions that never
// return, for the packages that import this one.
func (nr *noReturns) export(export func(types.Object, analysis.Fact), m *callgraph.Model) {
	for _, d := range m.Decls {
		if nr.neverReturns(d.Obj) {
			export(d.Obj, new(noReturnFact))
		}
	}
}

// mayReturn is go/cfg's callback: false for a call that never returns.
func (nr *noReturns) mayReturn(call *ast.CallExpr) bool {
	switch fn := typeutil.Callee(nr.info, call).(type) {
	case *types.Builtin:
		return fn.Name() != "panic"
	case *types.Func:
		return !nr.neverReturns(fn.Origin())
	}
	return true
}

// neverReturns reports whether calling fn ends the path. Only a function
// whose last statement is a call that never returns can qualify, so most
// functions of the package cost a glance; the rest get a graph.
func (nr *noReturns) neverReturns(fn *types.Func) bool {
	if knownNoReturnNames[fn.Name()] && knownNoReturn[qualifiedName(fn)] {
		return true
	}
	decl, local := nr.decls[fn]
	if !local {
		return fn.Pkg() != nil && fn.Pkg() != nr.pkg && nr.importFact(fn, new(noReturnFact))
	}
	if v, ok := nr.memo[fn]; ok {
		return v
	}
	nr.memo[fn] = false // recursion: assume it returns
	v := false
	if n := len(decl.Body.List); n > 0 {
		if last, ok := decl.Body.List[n-1].(*ast.ExprStmt); ok {
			if call, ok := ast.Unparen(last.X).(*ast.CallExpr); ok && !nr.mayReturn(call) {
				v = cfg.New(decl.Body, nr.mayReturn).NoReturn()
			}
		}
	}
	nr.memo[fn] = v
	return v
}
