#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# convert-strscpy-callers.sh - switch existing strscpy() callers to
# strscpy_truncate() in a Linux 6.1.y or 6.12.y source tree.
#
# Usage: convert-strscpy-callers.sh [TREE]      (TREE defaults to ".")
#
# Every call of the identifier strscpy in *.c and *.h files becomes a call
# of strscpy_truncate, which keeps today's truncating behaviour once
# strscpy() is changed to leave its destination empty on overflow.
#
# What is rewritten: the token "strscpy" when it is a whole identifier
# (not part of strscpy_pad, __real_strscpy, sized_strscpy, ...) and is
# followed, possibly after blanks, by "(".  That covers direct calls, calls
# inside macro bodies, and comments that name the call as "strscpy()" next
# to the code that makes it.  The match does not depend on the number of
# arguments: in 6.12 strscpy() and strscpy_truncate() are both macros that
# take the destination size as an optional third argument, so the
# two-argument form strscpy(dst, src), which uses sizeof(dst), becomes
# strscpy_truncate(dst, src) and keeps its meaning.
#
# The rename moves the opening parenthesis of the call 9 columns to the
# right.  Continuation lines that were aligned with that parenthesis (or
# with a parenthesis opened after it on the same line) are re-indented by
# the same 9 columns, tabs first then spaces, so that they stay aligned.
# A call the rename pushes past 100 columns is rewrapped at its top-level
# commas (see wrap() below).  Nothing else changes: "git diff -w" of the
# result shows only the rename and those rewraps.
#
# What is left alone, on purpose:
#   tools/                  userspace copies of kernel headers and code
#   scripts/                host tools; checkpatch.pl is edited by hand
#   Documentation/          prose, edited by hand
#   include/linux/string.h, include/linux/fortify-string.h, lib/string.c,
#   lib/string_helpers.c    the macros, declarations, fortify wrappers and
#                           the definitions themselves (strscpy_pad() calls
#                           the truncating copy since the first patch)
#   lib/test_strscpy.c      6.1's test module, which tests both functions
#   arch/um/include/shared/user.h
#                           UML's user-space definition of strscpy(dst, src);
#                           "lib/string: add strscpy_truncate()" added the
#                           strscpy_truncate(dst, src) next to it by hand,
#                           and renaming the definition would leave UML's
#                           user-space callers on the new strscpy()
#   lib/string_kunit.c, lib/fortify_kunit.c
#                           6.12's KUnit tests of strscpy() itself, updated
#                           by hand for its new semantics
#   drivers/misc/lkdtm/fortify.c, lib/test_fortify/write_overflow-strscpy.c
#                           the FORTIFY_SOURCE tests of strscpy() itself,
#                           updated by hand for its new semantics
#   strscpy_pad()           a different identifier; keeps truncating
#
# The file list is sorted and the rewrite is a pure text substitution, so
# the result depends only on the input tree.  Running the script a second
# time changes nothing, because "strscpy_truncate(" no longer matches.
#
# Exit status: 0 on success, 1 on usage error or if strscpy_truncate()
# is not declared yet.  Leftover mentions of the bare identifier that are
# not calls (comments, function pointers) are listed on stderr for
# review; in 6.1.y and 6.12.y they are all in the excluded files.  Each
# excluded file is absent from, or has no strscpy() call in, the tree
# that does not need it excluded, so one list serves both.

set -eu

tree=${1:-.}
if [ ! -f "$tree/lib/string.c" ] || [ ! -f "$tree/include/linux/string.h" ]; then
	echo "usage: $0 [LINUX-TREE]" >&2
	echo "$tree does not look like a Linux source tree" >&2
	exit 1
fi
cd "$tree"

# UML's user.h has its own strscpy() on 6.12 (not on 6.1), and then its
# own strscpy_truncate() too.
for header in include/linux/string.h arch/um/include/shared/user.h; do
	[ "$header" = include/linux/string.h ] ||
		grep -q '^#define strscpy(' "$header" || continue
	if ! grep -q '\bstrscpy_truncate(' "$header"; then
		echo "$0: $header has no strscpy_truncate();" >&2
		echo "apply \"lib/string: add strscpy_truncate()\" first" >&2
		exit 1
	fi
done

export LC_ALL=C

list=$(mktemp)
prog=$(mktemp)
trap 'rm -f "$list" "$prog"' EXIT

# Candidate files, in a fixed order.
find . \( -path ./.git -o -path ./tools -o -path ./scripts \
	  -o -path ./Documentation -o -path ./debian \) -prune -o \
	-type f \( -name '*.c' -o -name '*.h' \) -print |
	sed 's|^\./||' |
	grep -v -x -e include/linux/string.h \
		   -e include/linux/fortify-string.h \
		   -e lib/string.c \
		   -e lib/string_helpers.c \
		   -e lib/test_strscpy.c \
		   -e arch/um/include/shared/user.h \
		   -e lib/string_kunit.c \
		   -e lib/fortify_kunit.c \
		   -e drivers/misc/lkdtm/fortify.c \
		   -e lib/test_fortify/write_overflow-strscpy.c |
	sort |
	tr '\n' '\0' |
	xargs -0 -r grep -l -P '\bstrscpy\s*\(' > "$list" || true

cat > "$prog" <<'PERL'
# Rename strscpy( -> strscpy_truncate( and keep continuation lines that
# were aligned with an opening parenthesis that moved aligned with it.
use strict;
use warnings;

my $from = 'strscpy';
my $to = 'strscpy_truncate';
my $grow = length($to) - length($from);

# Visual width of a string, tabs to multiples of 8.
sub width {
	my ($s) = @_;
	my $w = 0;
	for my $ch (split //, $s) {
		$w = $ch eq "\t" ? ($w + 8) & ~7 : $w + 1;
	}
	return $w;
}

sub indent {
	my ($w) = @_;
	return ("\t" x int($w / 8)) . (' ' x ($w % 8));
}

# Scan @line (old text) updating @$stack of [old_col, shift] for parens.
# $base_shift applies to parens of this line; each rename point adds $grow
# to parens that follow it.  Returns nothing; rename positions in @$pos.
sub scan {
	my ($line, $stack, $base_shift, $renames) = @_;
	my $shift = $base_shift;
	my $col = 0;
	my $quote = '';
	my $i = 0;
	my %at = map { $_ => 1 } @$renames;
	my @chars = split //, $line;
	for ($i = 0; $i < @chars; $i++) {
		my $ch = $chars[$i];
		$shift += $grow if $at{$i};
		if ($quote) {
			if ($ch eq '\\') { $i++; $col += 2; next; }
			$quote = '' if $ch eq $quote;
		} elsif ($ch eq '"' || $ch eq "'") {
			$quote = $ch;
		} elsif ($ch eq '/' && $i + 1 < @chars && $chars[$i + 1] eq '/') {
			last;
		} elsif ($ch eq '/' && $i + 1 < @chars && $chars[$i + 1] eq '*') {
			my $end = index($line, '*/', $i + 2);
			last if $end < 0;
			$col += $end + 2 - $i;
			$i = $end + 1;
			next;
		} elsif ($ch eq '(') {
			push @$stack, [$col, $shift];
		} elsif ($ch eq ')') {
			pop @$stack;
		}
		$col = $ch eq "\t" ? ($col + 8) & ~7 : $col + 1;
	}
}

# A touched line the longer name pushes past 100 columns is rewrapped:
# the renamed call's arguments are split at its top-level commas, greedily,
# continuation lines aligned with its parenthesis.  Lines with comments,
# macro continuations, or parentheses left open other than the call's
# itself are not touched, nor are lines no split brings under 100 columns.
my $max = 100;

# A macro line ending in "\" that the longer name pushes past 100 columns
# is not rewrapped; instead the blanks before its "\" shrink, keeping the
# "\" in its old column if the text still ends before it, and one blank
# otherwise.  Only blanks change, and only if that brings the line back
# within 100 columns.
sub unpush_backslash {
	my ($old, $line) = @_;
	my $nl = $line =~ s/\n\z// ? "\n" : '';
	return $line . $nl if width($line) <= $max;
	return $line . $nl unless $line =~ /^(.*\S)[ \t]+\\\z/;
	my $text = $1;
	(my $o = $old) =~ s/\n\z//;
	return $line . $nl unless $o =~ /^(.*\S[ \t]+)\\\z/;
	my ($col, $w) = (width($1), width($text));
	my $pad = ' ';
	if ($w < $col) {
		my $tabs = 0;
		$tabs++ while ((($w & ~7) + 8 * ($tabs + 1)) <= $col);
		$pad = "\t" x $tabs;
		my $at = $tabs ? ($w & ~7) + 8 * $tabs : $w;
		$pad .= ' ' x ($col - $at);
	}
	my $new = $text . $pad . '\\';
	return width($new) <= $max ? $new . $nl : $line . $nl;
}

sub wrap {
	my ($line) = @_;
	my $nl = $line =~ s/\n\z// ? "\n" : '';
	return $line . $nl if width($line) <= $max || $line =~ m{/[*/]|\\\s*\z};
	return $line . $nl unless $line =~ /\b\Q$to\E\s*\(/g;
	my $open = pos($line) - 1;
	my ($depth, $quote, @cuts) = (1, '');
	my $i;
	for ($i = $open + 1; $i < length($line) && $depth; $i++) {
		my $ch = substr($line, $i, 1);
		if ($quote) {
			if ($ch eq '\\') { $i++; next; }
			$quote = '' if $ch eq $quote;
		} elsif ($ch eq '"' || $ch eq "'") {
			$quote = $ch;
		} elsif ($ch eq '(' || $ch eq '[' || $ch eq '{') {
			$depth++;
		} elsif ($ch eq ')' || $ch eq ']' || $ch eq '}') {
			$depth--;
		} elsif ($ch eq ',' && $depth == 1) {
			push @cuts, $i + 1;
		}
	}
	# Unclosed: the call must be the only parenthesis left open.
	return $line . $nl if $quote || $depth > 1;
	my @pieces;
	my $from = 0;
	for my $cut (@cuts) {
		push @pieces, substr($line, $from, $cut - $from);
		$from = $cut;
	}
	push @pieces, substr($line, $from);
	s/^\s+// for @pieces[1 .. $#pieces];
	# A call continued on the next line leaves nothing after its last comma.
	pop @pieces if @pieces > 1 && $pieces[-1] eq '';
	my $pad = indent(width(substr($line, 0, $open)) + 1);
	my @out = (shift @pieces);
	for my $piece (@pieces) {
		if (width("$out[-1] $piece") <= $max) {
			$out[-1] .= " $piece";
		} else {
			$out[-1] =~ s/\s+\z//;
			push @out, $pad . $piece;
		}
	}
	return $line . $nl if grep { width($_) > $max } @out;
	return join("\n", @out) . $nl;
}

for my $file (@ARGV) {
	open(my $fh, '<', $file) or die "$file: $!";
	my @lines = <$fh>;
	close($fh);
	my @stack;
	my $cont = 0;
	my $changed = 0;
	for my $n (0 .. $#lines) {
		my $line = $lines[$n];
		my $shift = 0;

		# A continuation line aligned with a paren that moved moves too.
		if (@stack && $line =~ /^([ \t]+)(\S.*)$/s) {
			my ($ws, $rest) = ($1, $2);
			my $w = width($ws);
			for my $p (reverse @stack) {
				if ($p->[1] && $w == $p->[0] + 1) {
					$shift = $p->[1];
					$line = indent($w + $shift) . $rest;
					last;
				}
			}
		}

		# Give up on runaway statements (unbalanced parens in macros).
		@stack = () if @stack && ++$cont > 20;
		$cont = 0 unless @stack;

		my @renames;
		while ($lines[$n] =~ /\b\Q$from\E(?=\s*\()/g) {
			push @renames, $-[0];
		}
		# Track parens on the old text; drop the stack at statement end.
		@stack = () unless @stack || @renames;
		scan($lines[$n], \@stack, $shift, \@renames) if @stack || @renames;
		@stack = () unless grep { $_->[1] } @stack;

		$line =~ s/\b\Q$from\E(?=\s*\()/$to/g;
		$line = unpush_backslash($lines[$n], wrap($line)) if @renames;
		if ($line ne $lines[$n]) {
			$lines[$n] = $line;
			$changed = 1;
		}
	}
	next unless $changed;
	open($fh, '>', $file) or die "$file: $!";
	print $fh @lines;
	close($fh);
}
PERL

nfiles=$(wc -l < "$list")
if [ "$nfiles" -gt 0 ]; then
	tr '\n' '\0' < "$list" | xargs -0 -r perl "$prog"
fi
echo "convert-strscpy-callers: rewrote $nfiles files" >&2

# Report what still mentions the bare identifier outside the excluded
# areas, so a reviewer of a new 6.1.y or 6.12.y tree can check it by eye.
find . \( -path ./.git -o -path ./tools -o -path ./scripts \
	  -o -path ./Documentation -o -path ./debian \) -prune -o \
	-type f \( -name '*.c' -o -name '*.h' \) -print |
	sed 's|^\./||' | sort | tr '\n' '\0' |
	xargs -0 -r grep -n -w strscpy |
	sed 's/^/convert-strscpy-callers: left: /' >&2 || true

exit 0
