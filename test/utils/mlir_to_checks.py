#!/usr/bin/env python3
"""Turns mlir-opt 22's output into CHECK lines; hint names that MLIR
de-duplicates per function get a tolerant suffix."""
import re, sys
out = []
for line in open(sys.argv[1]).read().rstrip('\n').split('\n'):
    line = line.rstrip()
    line = re.sub(r'%([a-z_]+[a-z])(_[0-9]+)?\b(?![#])', lambda m: '%{{[a-z0-9_]+}}' if m.group(1) in ('in','out','init') else '%{{' + m.group(1) + '(_[0-9]+)?}}' if not m.group(1).startswith('arg') else m.group(0), line)
    line = line.replace('[[', '{{\\[\\[}}')
    out.append(('// CHECK: ' if not out else '// CHECK-NEXT: ') + line if line else '// CHECK-EMPTY:')
print('\n'.join(out))
