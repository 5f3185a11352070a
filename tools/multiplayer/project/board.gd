extends Node2D
# A node placed in every scene, synchronized from the server: position always, score on change.

var score := 0
var tags := PackedStringArray()
