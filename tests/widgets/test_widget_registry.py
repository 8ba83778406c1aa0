"""The explorers' registry: ``evalbook.widgets.X`` is the class of X's own module, loaded on
first use."""

from importlib import import_module

import pytest

import evalbook.widgets
from evalbook.widgets import _EXPLORERS


@pytest.mark.parametrize(("name", "module"), sorted(_EXPLORERS.items()))
def test_lazy_registry_gives_the_class(name, module):
    assert getattr(evalbook.widgets, name) is getattr(import_module(module), name)


def test_an_unknown_name_is_an_attribute_error():
    with pytest.raises(AttributeError, match="has no attribute 'NotAnExplorer'"):
        evalbook.widgets.NotAnExplorer  # noqa: B018
