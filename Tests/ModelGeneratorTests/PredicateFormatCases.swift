/// Predicate format strings and their canonical form, by topic.
enum PredicateFormatCases {
    /// The fetch request templates of the corpus models and the examples in the brief.
    static let realTemplates: [(String, String)] = [
        ("uuid == $UUID", "uuid == $UUID"),
        ("oneToOne.name == $NAME OR string == $NEEDLE", "oneToOne.name == $NAME OR string == $NEEDLE"),
        ("booleanAttribute == 1 AND floatAttribute > 5", "booleanAttribute == 1 AND floatAttribute > 5"),
        ("true == true", "TRUE == TRUE"),
        ("name BEGINSWITH[cd] $humanName", "name BEGINSWITH[cd] $humanName"),
        ("parent == $parent", "parent == $parent"),
        ("parent.name == $parentName", "parent.name == $parentName"),
        ("identifier > 0", "identifier > 0"),
    ]

    /// Operator spellings normalise.
    static let operatorSpellings: [(String, String)] = [
        ("a = 1", "a == 1"), ("a != 1", "a != 1"), ("a <> 1", "a != 1"), ("a < 1", "a < 1"),
        ("a <= 1", "a <= 1"), ("a =< 1", "a <= 1"), ("a > 1", "a > 1"), ("a >= 1", "a >= 1"),
        ("a => 1", "a >= 1"), ("a == 1 && b == 2", "a == 1 AND b == 2"), ("a == 1 || b == 2", "a == 1 OR b == 2"),
    ]

    /// String operators, options and keywords in any case.
    static let stringOperators: [(String, String)] = [
        ("name contains[c] 'x'", "name CONTAINS[c] \"x\""),
        ("name BeginsWith $P", "name BEGINSWITH $P"),
        ("name endswith[d] \"z\"", "name ENDSWITH[d] \"z\""),
        ("name LIKE[cd] 'a*b?'", "name LIKE[cd] \"a*b?\""),
        ("name MATCHES '^[a-z]+$'", "name MATCHES \"^[a-z]+$\""),
        ("name ==[dc] 'x'", "name ==[cd] \"x\""),
    ]

    /// Compound predicates keep their structure.
    static let compounds: [(String, String)] = [
        ("a == 1 and b == 2 or c == 3", "(a == 1 AND b == 2) OR c == 3"),
        ("a == 1 OR b == 2 AND c == 3", "a == 1 OR (b == 2 AND c == 3)"),
        ("(a == 1 OR b == 2) AND c == 3", "(a == 1 OR b == 2) AND c == 3"),
        ("a == 1 && (b == 2 || c == 3)", "a == 1 AND (b == 2 OR c == 3)"),
        ("(a == 1 AND b == 2) AND c == 3", "(a == 1 AND b == 2) AND c == 3"),
        ("NOT a == 1", "NOT a == 1"),
        ("!(a == 1 OR b == 2)", "NOT (a == 1 OR b == 2)"),
        ("not not a == 1", "NOT NOT a == 1"),
        ("((a == 1))", "a == 1"),
        ("TRUEPREDICATE", "TRUEPREDICATE"),
        ("falsepredicate OR a == 1", "FALSEPREDICATE OR a == 1"),
    ]

    /// Aggregates, BETWEEN, IN and modifiers.
    static let aggregatesAndModifiers: [(String, String)] = [
        ("age BETWEEN {18, 65}", "age BETWEEN {18, 65}"),
        ("age between $RANGE", "age BETWEEN $RANGE"),
        ("name IN {'a', \"b\"}", "name IN {\"a\", \"b\"}"),
        ("name IN $NAMES", "name IN $NAMES"),
        ("$TAG IN tags.name", "$TAG IN tags.name"),
        ("ANY tags.name == 'x'", "ANY tags.name == \"x\""),
        ("some tags.name == 'x'", "ANY tags.name == \"x\""),
        ("ALL tracks.duration > 60", "ALL tracks.duration > 60"),
        ("NONE tracks.title CONTAINS[c] 'live'", "NONE tracks.title CONTAINS[c] \"live\""),
        ("x IN {}", "x IN {}"),
    ]

    /// Literals.
    static let literals: [(String, String)] = [
        ("a == 'it\\'s'", "a == \"it's\""),
        ("a == \"say \\\"hi\\\"\"", "a == \"say \\\"hi\\\"\""),
        ("a == 'tab\\there'", "a == \"tab\\there\""),
        ("a == '\\u00e9'", "a == \"é\""),
        ("a == 0x1F", "a == 31"),
        ("a == 0o17", "a == 15"),
        ("a == 0b101", "a == 5"),
        ("a == 2.5", "a == 2.5"),
        ("a == .5", "a == 0.5"),
        ("a == 1e3", "a == 1000.0"),
        ("a == -4", "a == -4"),
        ("a == -2.25", "a == -2.25"),
        ("a == YES", "a == TRUE"),
        ("a == no", "a == FALSE"),
        ("a == nil", "a == NIL"),
        ("a == NULL", "a == NIL"),
        ("SELF == $OBJECT", "SELF == $OBJECT"),
        ("SELF.name == 'x'", "name == \"x\""),
        ("#in == 1", "#in == 1"),
        ("tracks.@count > 3", "tracks.@count > 3"),
        ("tracks.@sum.duration >= 3600", "tracks.@sum.duration >= 3600"),
    ]

    /// String escapes read and printed back.
    static let escapes: [(String, String)] = [
        ("a == 'x\\\\y\\n\\r\\t\\0'", "a == \"x\\\\y\\n\\r\\t\\0\""),
        ("a == \"\\u0001\"", "a == \"\\u0001\""),
        ("a == 'line\nbreak'", "a == \"line\\nbreak\""),
    ]

    /// Every case above.
    static let all = realTemplates + operatorSpellings + stringOperators + compounds + aggregatesAndModifiers + literals + escapes
}
