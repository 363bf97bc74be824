/// A plain-text table with aligned columns, for terminals and logs.
///
/// Widths count characters (grapheme clusters), which matches the terminal for the ASCII, `µ` and `≤`
/// that benchrunner prints.
package struct TextTable: Sendable, Equatable {
    /// Which side of its column a cell sticks to.
    package enum Alignment: Sendable, Equatable {
        case left, right
    }

    /// A column's title and alignment.
    package struct Column: Sendable, Equatable {
        package var title: String
        package var alignment: Alignment

        package init(_ title: String, _ alignment: Alignment = .left) {
            self.title = title
            self.alignment = alignment
        }
    }

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
    /// columns and no trailing spaces.
    package func render() -> String {
        var widths = columns.map(\.title.count)
        for row in rows {
            for (index, cell) in row.enumerated() { widths[index] = max(widths[index], cell.count) }
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
}
