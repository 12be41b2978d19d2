import {
  OperationNodeTransformer,
  type KyselyPlugin,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type PrimitiveValueListNode,
  type QueryResult,
  type RootOperationNode,
  type UnknownRow,
  type ValueNode,
} from 'kysely'

const REPLACEMENT = '\uFFFD'
const clean = (value: unknown) => (typeof value === 'string' && value.includes('\0') ? value.replaceAll('\0', REPLACEMENT) : value)

class NulFree extends OperationNodeTransformer {
  protected override transformValue(node: ValueNode): ValueNode {
    return { ...node, value: clean(node.value) }
  }

  protected override transformPrimitiveValueList(node: PrimitiveValueListNode): PrimitiveValueListNode {
    return { ...node, values: node.values.map(clean) }
  }
}

/**
 * PostgreSQL refuses text holding U+0000, where SQLite keeps it. Every string sent to PostgreSQL
 * has it replaced by U+FFFD, so what SQLite answers holds there too: an id or address holding it
 * matches nothing (no stored text holds either), and a search for it finds nothing.
 */
export class NulFreePlugin implements KyselyPlugin {
  readonly #transformer = new NulFree()

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    return this.#transformer.transformNode(args.node)
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return args.result
  }
}
