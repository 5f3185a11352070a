extends Node2D
# A player, spawned by the server through Main/Spawner; its position comes from the server.

var player_name := ""
var color := Color.WHITE

func _draw():
	draw_circle(Vector2.ZERO, 12, color)
	draw_string(ThemeDB.fallback_font, Vector2(-20, -18), player_name)

func _process(_delta):
	queue_redraw()
