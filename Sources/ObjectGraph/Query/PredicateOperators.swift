/// The attribute equals `value` (`== nil` checks for nil on optional attributes).
public func == <F: FieldSet, V: AttributeValueConvertible>(lhs: KeyPath<F, AttributeField<V>>, rhs: V) -> FetchPredicate<F> {
    comparison(lhs, .equal, rhs)
}

/// The attribute differs from `value` (`!= nil` checks for a value on optional attributes).
public func != <F: FieldSet, V: AttributeValueConvertible>(lhs: KeyPath<F, AttributeField<V>>, rhs: V) -> FetchPredicate<F> {
    comparison(lhs, .notEqual, rhs)
}

/// The attribute is less than `value`.
public func < <F: FieldSet, V: OrderedAttributeValue>(lhs: KeyPath<F, AttributeField<V>>, rhs: V) -> FetchPredicate<F> {
    comparison(lhs, .less, rhs)
}

/// The attribute is less than or equal to `value`.
public func <= <F: FieldSet, V: OrderedAttributeValue>(lhs: KeyPath<F, AttributeField<V>>, rhs: V) -> FetchPredicate<F> {
    comparison(lhs, .lessOrEqual, rhs)
}

/// The attribute is greater than `value`.
public func > <F: FieldSet, V: OrderedAttributeValue>(lhs: KeyPath<F, AttributeField<V>>, rhs: V) -> FetchPredicate<F> {
    comparison(lhs, .greater, rhs)
}

/// The attribute is greater than or equal to `value`.
public func >= <F: FieldSet, V: OrderedAttributeValue>(lhs: KeyPath<F, AttributeField<V>>, rhs: V) -> FetchPredicate<F> {
    comparison(lhs, .greaterOrEqual, rhs)
}

private func comparison<F: FieldSet, V>(
    _ field: KeyPath<F, AttributeField<V>>, _ op: ComparisonOperator, _ value: V
) -> FetchPredicate<F> {
    FetchPredicate(.compare(F.path(of: field), op, value.attributeValue))
}
