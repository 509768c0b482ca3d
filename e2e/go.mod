module github.com/ctxnotify/ctxnotify-lint/e2e

go 1.26.0

require github.com/ctxnotify/ctxnotify-lint v0.0.0

replace github.com/ctxnotify/ctxnotify-lint => ../
