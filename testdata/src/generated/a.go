package generated // want package:"reachesSinks" package:`checks\(R\.Reconcile\[fix 0\]\)`

// The other file of the package is generated.
