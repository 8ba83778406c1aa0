"""The explorers' registry: each Explorer subclass registers itself, every registered one is
listed in ``evalbook.widgets.__all__`` and builds an example of its own (that
``evalbook.widgets.X`` imports no more than it needs is an import step of
tests/test_environment.py)."""

import pytest

import evalbook.widgets
from evalbook.widgets import explorers
from evalbook.widgets._base import REGISTRY, Explorer


def test_the_registry_is_the_written_out_list():
    assert list(explorers()) == sorted(evalbook.widgets.__all__)


@pytest.mark.parametrize("name", sorted(evalbook.widgets.__all__))
def test_the_name_gives_the_class_of_its_own_module(name):
    cls = getattr(evalbook.widgets, name)
    assert cls is explorers()[name] and issubclass(cls, Explorer)
    assert cls.__module__.rpartition(".")[2] != "_base"


@pytest.mark.parametrize("name", sorted(evalbook.widgets.__all__))
def test_every_explorer_builds_an_example_of_its_own(name):
    example = explorers()[name].example()
    assert type(example) is explorers()[name]
    assert example.html  # it shows something


def test_a_new_subclass_registers_itself():
    class ToyExplorer(Explorer):
        @classmethod
        def example(cls):
            return cls()

    try:
        assert REGISTRY["ToyExplorer"] is ToyExplorer
    finally:
        del REGISTRY["ToyExplorer"]


def test_an_explorer_without_an_example_says_so():
    class _Unfinished(Explorer):  # a private name: not registered
        pass

    assert "_Unfinished" not in REGISTRY
    with pytest.raises(NotImplementedError, match="_Unfinished defines no example"):
        _Unfinished.example()


def test_an_unknown_name_is_an_attribute_error():
    with pytest.raises(AttributeError, match="has no attribute 'NotAnExplorer'"):
        evalbook.widgets.NotAnExplorer  # noqa: B018
