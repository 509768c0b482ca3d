package noimport // want package:"reachesSinks" package:`checks\(R\.Run\[0\]\)`

import "context"

type contextAlias = context.Context
