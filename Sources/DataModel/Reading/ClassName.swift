/// Splits `representedClassName` into the Swift class name and its module.
enum ClassName {
    /// `Foo` → (`Foo`, nil); `Module.Foo` → (`Foo`, `Module`); `.Foo` (current module) →
    /// (`Foo`, nil); missing or empty → (nil, nil).
    static func split(_ representedClassName: String?) -> (className: String?, moduleName: String?) {
        guard let written = representedClassName, !written.isEmpty else { return (nil, nil) }
        guard let lastDot = written.lastIndex(of: ".") else { return (written, nil) }
        let name = String(written[written.index(after: lastDot)...])
        let module = String(written[..<lastDot])
        return (name.isEmpty ? nil : name, module.isEmpty ? nil : module)
    }
}
