/// A plain-text table with aligned columns, for terminals and logs.
///
/// Widths count characters (grapheme clusters), which matches the terminal for the ASCII, `µ` and `≤`
/// that benchrunner prints.
package struct TextTable: Sendable, Equatable {
    /// Which side of its column a cell sticks to.
    package enum Alignment: Sendable, Equatable {
        case left, right
    }

    /// A column's title and alignment, and whether its cells may wrap onto more lines when the table
    /// would be wider than its limit.
    package struct Column: Sendable, Equatable {
        package var title: String
        package var alignment: Alignment
        package var wraps: Bool

        package init(_ title: String, _ alignment: Alignment = .left, wraps: Bool = false) {
            self.title = title
            self.alignment = alignment
            self.wraps = wraps
        }
    }

    /// The widest a rendered line may be: a terminal's or a CI log's 100 columns.
    package static let widthMax = 100

    /// The narrowest a wrapping column is made.
    static let wrappingWidthMin = 12

    package var columns: [Column]
    package var rows: [[String]] = []

    package init(_ columns: [Column]) {
        self.columns = columns
    }

    /// Adds a row, which must have one cell per column.
    package mutating func append(_ row: [String]) {
        precondition(row.count == columns.count, "a row of \(row.count) cells in a table of \(columns.count) columns")
        rows.append(row)
    }

    /// The table as lines: the titles, a rule of dashes, then the rows, with two spaces between
    /// columns and no trailing spaces. When the table would be wider than `widthMax`, the wrapping
    /// columns are narrowed, widest first, and their cells continue on the lines below, broken at
    /// spaces where they can be.
    package func render() -> String {
        var widths = columns.map(\.title.count)
        for row in rows {
            for (index, cell) in row.enumerated() { widths[index] = max(widths[index], cell.count) }
        }
        while widths.reduce(0, +) + 2 * (widths.count - 1) > Self.widthMax {
            let wrapping = widths.indices.filter { columns[$0].wraps && widths[$0] > Self.wrappingWidthMin }
            guard let widest = wrapping.max(by: { widths[$0] < widths[$1] }), widths[widest] > columns[widest].title.count else { break }
            widths[widest] -= 1
        }
        let rows = self.rows.flatMap { row -> [[String]] in
            let pieces = row.enumerated().map { index, cell in columns[index].wraps ? Self.wrap(cell, width: widths[index]) : [cell] }
            let height = pieces.map(\.count).max() ?? 1
            return (0..<height).map { line in pieces.map { line < $0.count ? $0[line] : "" } }
        }
        func line(_ cells: [String]) -> String {
            var text = ""
            for (index, cell) in cells.enumerated() {
                let padding = String(repeating: " ", count: widths[index] - cell.count)
                if index > 0 { text += "  " }
                text += columns[index].alignment == .left ? cell + padding : padding + cell
            }
            while text.last == " " { text.removeLast() }
            return text
        }
        var lines = [line(columns.map(\.title))]
        lines.append(widths.map { String(repeating: "-", count: $0) }.joined(separator: "  "))
        lines += rows.map(line)
        return lines.joined(separator: "\n")
    }

    /// `text` in lines of at most `width` characters, broken after the last space that fits, else
    /// cut.
    static func wrap(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        var rest = Substring(text)
        while rest.count > width {
            let window = rest.prefix(width + 1)
            if let space = window.lastIndex(of: " "), space > rest.startIndex {
                lines.append(String(rest[..<space]))
                rest = rest[rest.index(after: space)...]
            } else {
                lines.append(String(rest.prefix(width)))
                rest = rest.dropFirst(width)
            }
        }
        lines.append(String(rest))
        return lines
    }
}
