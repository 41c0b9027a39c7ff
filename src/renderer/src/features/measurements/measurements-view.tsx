import { useCallback, useEffect, useRef, useState } from 'react'
import type { MeasurementsClient } from './measurements-client'
import type { AppError } from '../../../../shared/ipc/app-error'
import type { Locale } from '../../../../shared/locale'
import {
  MEASUREMENT_KINDS,
  MEASUREMENT_KIND_INFO,
  type Measurement,
  type MeasurementKind,
  type MeasurementUnit,
} from '../../../../shared/measurement'
import { kindKey, type Translate } from '../../i18n/messages'
import { appErrorText } from '../../lib/app-error-text'
import { LABEL_GAP, chartPoints, displayUnitOf, fittingDayLabels, scaleChart, yAxisGutter } from './measurement-chart'
import { formatChartDay, formatTakenAt } from './measurement-dates'
import { MeasurementAddForm } from './measurement-add-form'
import { useElementWidth } from './use-element-width'

/** The chart's drawing: as wide as it is shown (`width` until measured), so its 11 px labels stay 11 px. */
const CHART = { width: 640, height: 220, padding: 28, minWidth: 200 }

function formatDate(
  locale: Locale,
  t: Translate,
  m: Pick<Measurement, 'takenAt' | 'takenAtPrecision' | 'takenAtOffsetMin'>,
): string {
  // A day shows as the calendar day the user meant; a stored time that is no real date (written
  // before dates were checked) is shown as such, never thrown on.
  return formatTakenAt(locale, m) ?? t('invalidDate')
}

const formatNumber = (locale: Locale, value: number) =>
  new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }).format(value)

function Chart({
  measurements,
  kind,
  locale,
  t,
}: {
  measurements: Measurement[]
  kind: MeasurementKind
  locale: Locale
  t: Translate
}) {
  // Drawn in screen pixels: a fixed 640-wide drawing scaled into a 480 px window shrank its labels to ~7 px.
  const [figureRef, shownWidth] = useElementWidth<HTMLElement>()
  const points = chartPoints(measurements, kind)
  if (points.length === 0) return null
  const width = shownWidth === undefined ? CHART.width : Math.max(CHART.minWidth, Math.floor(shownWidth))
  const { height, padding } = CHART
  // The value labels get a gutter as wide as the widest of them (the highest and lowest values).
  const values = points.map((p) => p.value)
  const left = yAxisGutter(
    [formatNumber(locale, Math.max(...values)), formatNumber(locale, Math.min(...values))],
    CHART.padding,
  )
  const scaled = scaleChart(points, { width, height, padding, left })
  if (!scaled.range) return null
  const unit = displayUnitOf(kind)
  const first = scaled.points[0]!.point
  const last = scaled.points[scaled.points.length - 1]!.point
  // Value labels sit level with the highest and lowest points (one label for a flat series).
  const { minValue, maxValue } = scaled.range
  const yOf = (value: number) => scaled.points.find((p) => p.point.value === value)!.y
  const ticks = [...new Set([maxValue, minValue])].map((value) => ({ value, y: yOf(value) }))
  const summary = t(scaled.points.length === 1 ? 'chartSummaryOne' : 'chartSummary', {
    kind: t(kindKey(kind)),
    count: scaled.points.length,
    from: formatChartDay(locale, first),
    to: formatChartDay(locale, last),
    min: formatNumber(locale, scaled.range.minValue),
    max: formatNumber(locale, scaled.range.maxValue),
    unit,
  })
  // The first and last dates under the axis: medium ("Nov 1, 2026"), else short ("11/1/26"), else the first alone.
  const single = scaled.range.to === scaled.range.from
  const days = fittingDayLabels(
    (['medium', 'short'] as const).map(
      (style) =>
        [
          formatChartDay(locale, first, undefined, style),
          single ? undefined : formatChartDay(locale, last, undefined, style),
        ] as const,
    ),
    width - left - padding,
  )
  return (
    <figure className="measurement-chart" ref={figureRef}>
      <figcaption>{t('chartTitle', { kind: t(kindKey(kind)), unit })}</figcaption>
      <svg role="img" aria-label={summary} viewBox={`0 0 ${width} ${height}`} data-testid="measurement-chart">
        <line className="axis" x1={left} y1={height - padding} x2={width - padding} y2={height - padding} />
        <line className="axis" x1={left} y1={padding} x2={left} y2={height - padding} />
        {ticks.map((tick) => (
          <text
            key={tick.value}
            className="tick tick-y"
            data-testid="chart-value-label"
            x={left - LABEL_GAP}
            y={tick.y}
            textAnchor="end"
            dominantBaseline="middle"
            aria-hidden="true"
          >
            {formatNumber(locale, tick.value)}
          </text>
        ))}
        <text className="tick" x={left} y={height - padding + 16} textAnchor="start" aria-hidden="true">
          {days.first}
        </text>
        {days.last !== undefined && (
          <text className="tick" x={width - padding} y={height - padding + 16} textAnchor="end" aria-hidden="true">
            {days.last}
          </text>
        )}
        <path className="line" d={scaled.path} fill="none" />
        {scaled.points.map((p) => (
          <circle key={p.point.id} className="dot" cx={p.x} cy={p.y} r={4} />
        ))}
      </svg>
    </figure>
  )
}

function MeasurementRow({
  measurement,
  api,
  locale,
  t,
  onChanged,
}: {
  measurement: Measurement
  api: MeasurementsClient
  locale: Locale
  t: Translate
  onChanged: () => void
}) {
  const [mode, setMode] = useState<'view' | 'edit' | 'confirm-delete'>('view')
  const [value, setValue] = useState(String(measurement.value))
  const [unit, setUnit] = useState<MeasurementUnit>(measurement.unit)
  const [error, setError] = useState('')
  const [pending, setPending] = useState(false)
  const units = MEASUREMENT_KIND_INFO[measurement.kind].units
  const idPrefix = `measurement-${measurement.id}`
  // Cancel removes the focused field or button: focus goes back to the button that began the action.
  const editButton = useRef<HTMLButtonElement>(null)
  const deleteButton = useRef<HTMLButtonElement>(null)
  const refocus = useRef<'edit' | 'confirm-delete' | undefined>(undefined)
  useEffect(() => {
    if (mode !== 'view' || !refocus.current) return
    ;(refocus.current === 'edit' ? editButton : deleteButton).current?.focus()
    refocus.current = undefined
  }, [mode])

  const run = async (action: () => Promise<{ ok: true } | { ok: false; error: AppError }>) => {
    setPending(true)
    try {
      const result = await action()
      if (result.ok) {
        setError('')
        onChanged()
      } else setError(appErrorText(t, result.error))
    } finally {
      setPending(false)
    }
  }
  const save = () => {
    const number = Number(value.trim().replace(',', '.'))
    if (value.trim() === '' || !Number.isFinite(number)) return setError(t('invalidNumber'))
    void run(() => api['measurements.update']({ id: measurement.id, value: number, unit }))
  }
  const cancel = () => {
    if (mode !== 'view') refocus.current = mode
    setMode('view')
    setValue(String(measurement.value))
    setUnit(measurement.unit)
    setError('')
  }

  return (
    <tr data-testid="measurement-row" data-id={measurement.id}>
      <td>{formatDate(locale, t, measurement)}</td>
      {mode === 'edit' ? (
        <>
          <td>
            <input
              id={`${idPrefix}-value`}
              aria-label={t('measurementValue')}
              inputMode="decimal"
              value={value}
              autoFocus
              aria-invalid={error !== ''}
              aria-describedby={error ? `${idPrefix}-error` : undefined}
              onChange={(e) => setValue(e.target.value)}
              onKeyDown={(e) => {
                if (e.key === 'Enter') save()
                if (e.key === 'Escape') cancel()
              }}
            />
          </td>
          <td>
            <select
              aria-label={t('measurementUnit')}
              value={unit}
              onChange={(e) => setUnit(e.target.value as MeasurementUnit)}
            >
              {units.map((u) => (
                <option key={u} value={u}>
                  {u}
                </option>
              ))}
            </select>
          </td>
        </>
      ) : (
        <>
          <td className="number" data-testid="measurement-value">
            {formatNumber(locale, measurement.value)}
          </td>
          <td data-testid="measurement-unit">{measurement.unit}</td>
        </>
      )}
      <td>
        <div className="row-actions">
          {mode === 'view' && (
            <>
              <button type="button" ref={editButton} onClick={() => setMode('edit')}>
                {t('edit')}
              </button>
              <button type="button" ref={deleteButton} onClick={() => setMode('confirm-delete')}>
                {t('delete')}
              </button>
            </>
          )}
          {mode === 'edit' && (
            <>
              <button type="button" className="primary" disabled={pending} onClick={save}>
                {t('save')}
              </button>
              <button type="button" onClick={cancel}>
                {t('cancel')}
              </button>
            </>
          )}
          {mode === 'confirm-delete' && (
            <>
              <span>{t('confirmDeleteMeasurement')}</span>
              <button
                type="button"
                className="stop"
                autoFocus
                disabled={pending}
                onClick={() => void run(() => api['measurements.delete']({ id: measurement.id }))}
              >
                {t('confirmDeleteYes')}
              </button>
              <button type="button" onClick={cancel}>
                {t('cancel')}
              </button>
            </>
          )}
        </div>
        {error && (
          <p className="row-error" id={`${idPrefix}-error`} role="alert">
            {error}
          </p>
        )}
      </td>
    </tr>
  )
}

/** The measurements view: a kind filter, the chart of that kind and its table (edit, delete), and "Add measurement". */
export function MeasurementsView({ api, locale, t }: { api: MeasurementsClient; locale: Locale; t: Translate }) {
  const [kind, setKind] = useState<MeasurementKind>('weight')
  const [rows, setRows] = useState<Measurement[] | undefined>(undefined)
  const [error, setError] = useState('')
  // Only the latest request may set the rows (switching kinds quickly must not show a stale list).
  const latest = useRef(0)

  const load = useCallback(async () => {
    const request = ++latest.current
    const result = await api['measurements.list']({ kind, limit: 1000 })
    if (request !== latest.current) return
    if (result.ok) {
      setRows([...result.value].sort((a, b) => b.takenAt - a.takenAt || b.id - a.id))
      setError('')
    } else setError(appErrorText(t, result.error))
  }, [api, kind, t])

  useEffect(() => {
    setRows(undefined)
    void load()
  }, [load])

  return (
    <div className="measurements" data-testid="measurements-view">
      <div className="row">
        <label htmlFor="measurement-kind">{t('measurementKind')}</label>
        <select id="measurement-kind" value={kind} onChange={(e) => setKind(e.target.value as MeasurementKind)}>
          {MEASUREMENT_KINDS.map((k) => (
            <option key={k} value={k}>
              {t(kindKey(k))}
            </option>
          ))}
        </select>
      </div>
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
      <MeasurementAddForm
        api={api}
        locale={locale}
        t={t}
        initialKind={kind}
        onAdded={(added) => {
          // The new row shows at once, in the list and chart of its kind.
          if (added.kind === kind) void load()
          else setKind(added.kind)
        }}
      />
      {rows === undefined && !error && <p className="muted">{t('measurementsLoading')}</p>}
      {rows !== undefined && rows.length === 0 && (
        <p className="muted empty-measurements" data-testid="measurements-empty">
          {t('measurementsEmpty')}
        </p>
      )}
      {rows !== undefined && rows.length > 0 && (
        <>
          <Chart measurements={rows} kind={kind} locale={locale} t={t} />
          <table className="measurement-table">
            <thead>
              <tr>
                <th scope="col">{t('measurementDate')}</th>
                <th scope="col">{t('measurementValue')}</th>
                <th scope="col">{t('measurementUnit')}</th>
                <th scope="col">{t('measurementActions')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((m) => (
                <MeasurementRow
                  key={m.id}
                  measurement={m}
                  api={api}
                  locale={locale}
                  t={t}
                  onChanged={() => void load()}
                />
              ))}
            </tbody>
          </table>
        </>
      )}
    </div>
  )
}
