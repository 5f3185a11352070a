extends Node

func just_a_method():
	pass
