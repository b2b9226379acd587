// Pure comparison of the signature an ONNX file declares with what the catalogue expects of it.
import type { OnnxSignature, TensorSpec } from './catalogue.js';
import type { MeasuredSignature, MeasuredTensor } from './onnx-runtime.js';

/** Expected name (the engine's role) -> the name inside the file. */
export type Binding = Record<string, string>;

export type SignatureCheck = { ok: true; inputs: Binding; outputs: Binding } | { ok: false; problems: string[] };

export function describeSpec(spec: TensorSpec): string {
  const shape = spec.dims
    ? `[${spec.dims.map((d) => (d === null ? '?' : String(d))).join(',')}]`
    : spec.rank !== undefined
      ? `[rank ${spec.rank}]`
      : '';
  return `${spec.name} ${spec.type}${shape}${spec.optional ? ' (optional)' : ''}`;
}

export function describeMeasured(tensor: MeasuredTensor): string {
  const shape = tensor.dims ? `[${tensor.dims.join(',')}]` : '';
  return `${tensor.name}${tensor.type ? ` ${tensor.type}` : ''}${shape}`;
}

/** Symbolic, unknown (-1/0) and string dims match any expected size. */
function dimMatches(expected: number | null, measured: number | string): boolean {
  if (expected === null || typeof measured === 'string' || measured <= 0) return true;
  return expected === measured;
}

/** Why a measured tensor does not fit a spec, or undefined when it fits. Unknown facts (no metadata) are not held against it. */
export function tensorMismatch(spec: TensorSpec, measured: MeasuredTensor): string | undefined {
  if (measured.type !== undefined && measured.type !== spec.type) return `is ${measured.type}, expected ${spec.type}`;
  if (!measured.dims) return undefined;
  const rank = spec.rank ?? spec.dims?.length;
  if (rank !== undefined && measured.dims.length !== rank)
    return `has rank ${measured.dims.length} [${measured.dims.join(',')}], expected rank ${rank}`;
  const dims = spec.dims ?? [];
  for (let i = 0; i < dims.length; i += 1) {
    if (!dimMatches(dims[i], measured.dims[i])) return `has dimension ${i} = ${measured.dims[i]}, expected ${dims[i]}`;
  }
  return undefined;
}

function bindByName(
  specs: TensorSpec[],
  measured: MeasuredTensor[],
  kind: 'input' | 'output',
  problems: string[],
): Binding {
  const binding: Binding = {};
  for (const spec of specs) {
    const found = measured.find((m) => m.name === spec.name);
    if (!found) {
      if (!spec.optional) problems.push(`missing ${kind} '${spec.name}'`);
      continue;
    }
    const why = tensorMismatch(spec, found);
    if (why) problems.push(`${kind} '${spec.name}' ${why}`);
    else binding[spec.name] = found.name;
  }
  return binding;
}

/** Assigns each spec a distinct measured tensor that fits it (small sets: plain backtracking). */
function assignByShape(specs: TensorSpec[], measured: MeasuredTensor[]): Binding | undefined {
  const used = new Set<number>();
  const binding: Binding = {};
  const place = (index: number): boolean => {
    if (index === specs.length) return true;
    const spec = specs[index];
    for (let j = 0; j < measured.length; j += 1) {
      if (used.has(j) || tensorMismatch(spec, measured[j])) continue;
      used.add(j);
      binding[spec.name] = measured[j].name;
      if (place(index + 1)) return true;
      used.delete(j);
      delete binding[spec.name];
    }
    if (spec.optional && place(index + 1)) return true;
    return false;
  };
  return place(0) ? binding : undefined;
}

function bindByShape(
  specs: TensorSpec[],
  measured: MeasuredTensor[],
  kind: 'input' | 'output',
  problems: string[],
): Binding {
  const binding = assignByShape(specs, measured);
  if (!binding) {
    problems.push(`no ${kind}s with the expected types and shapes`);
    return {};
  }
  return binding;
}

/**
 * Checks by name, or by type/rank/fixed dims when the export's names vary (bindByShape). Extra outputs are fine;
 * extra inputs are not (nobody would feed them).
 */
export function checkSignature(
  expected: OnnxSignature,
  measured: MeasuredSignature,
  options: { bindByShape?: boolean } = {},
): SignatureCheck {
  const problems: string[] = [];
  const bind = options.bindByShape ? bindByShape : bindByName;
  const inputs = bind(expected.inputs, measured.inputs, 'input', problems);
  const outputs = bind(expected.outputs, measured.outputs, 'output', problems);
  // By shape, a failed assignment already says it all; by name, every unknown input is its own problem.
  const accounted = new Set(options.bindByShape ? Object.values(inputs) : expected.inputs.map((s) => s.name));
  const extras = measured.inputs.filter((m) => !accounted.has(m.name));
  if (!options.bindByShape || problems.length === 0)
    problems.push(...extras.map((m) => `unexpected input '${m.name}'`));
  return problems.length === 0 ? { ok: true, inputs, outputs } : { ok: false, problems };
}

const list = (items: string[]): string => (items.length ? items.join(', ') : 'none');

/** "The file at X does not look like <title>: expected inputs ..., found ...". */
export function signatureMismatchMessage(
  where: string,
  title: string,
  expected: OnnxSignature,
  measured: MeasuredSignature,
  problems: string[],
): string {
  return (
    `The file at ${where} does not look like ${title}: ` +
    `expected inputs ${list(expected.inputs.map(describeSpec))} and outputs ${list(expected.outputs.map(describeSpec))}; ` +
    `found inputs ${list(measured.inputs.map(describeMeasured))} and outputs ${list(measured.outputs.map(describeMeasured))} ` +
    `(${problems.join('; ')}).`
  );
}
