package noimport // want package:"reachesSinks" package:`checks\(R\.Run\[fix 0\]\)`

import "context"

type contextAlias = context.Context
