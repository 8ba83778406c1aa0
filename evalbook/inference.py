"""(Being written: this module's contents arrive with its issue.)"""

__all__: list[str] = []
