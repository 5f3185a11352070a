extends Node2D
# A spawned node: position is synced always, hp on change, label only at spawn.

var hp := 100
var label := ""
