"""The one wording of "did you mean" in refusals (adjudicator.names)."""

from adjudicator.names import nearest_names


def test_the_nearest_names_are_shown_closest_first_without_far_ones():
    assert nearest_names("Arsi", ["Madrid", "kambri", "Aris", "Murphy"]) == "nearest: Aris"
    assert nearest_names("8599", ["8500", "8501", "Election"]) == "nearest: 8500, 8501"


def test_spellings_fold_case_and_show_the_name_they_stand_for():
    assert nearest_names("gee", {"g": "G.", "g.": "G.", "alice": "alice"}) == "nearest: G."
    assert nearest_names("ADOPTD", ["ADOPTED", "REJECTED", "FAILED QUORUM"]) == "nearest: ADOPTED"


def test_with_none_near_the_known_names_are_listed_with_their_count():
    assert nearest_names("zzz", ["b", "a"]) == "known: a, b"
    many = [f"name{i:02}" for i in range(12)]
    assert nearest_names("qqqqqqqqqq", many) == "known: " + ", ".join(many[:8]) + ", ... (12 in all)"
    assert nearest_names("x", []) == "known: none"


def test_a_name_that_could_be_misread_in_a_list_is_quoted():
    assert nearest_names("bob, carol", ["bob, carol!"]) == "nearest: 'bob, carol!'"
