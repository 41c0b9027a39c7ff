import { useEffect, useId, useState, type FormEvent } from 'react'
import type { MeasurementsClient } from './measurements-client'
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
import { formatTakenAt } from './measurement-dates'
import '../../styles/measurements.css'

/** `YYYY-MM-DDTHH:mm` of an instant in this window's zone (what a datetime-local field shows). */
export function localDateTimeValue(epochMs: number): string {
  const d = new Date(epochMs)
  const two = (n: number) => String(n).padStart(2, '0')
  return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())}T${two(d.getHours())}:${two(d.getMinutes())}`
}

/**
 * "Add measurement": kind, value, a unit of that kind, and when (this window's local time, now by
 * default). The core checks it with the record_measurement tool's own schema and says why it
 * refuses (a value out of range, a date in the future); nothing is stored then.
 */
export function MeasurementAddForm({
  api,
  locale,
  t,
  initialKind,
  onAdded,
}: {
  api: MeasurementsClient
  locale: Locale
  t: Translate
  initialKind: MeasurementKind
  onAdded: (measurement: Measurement) => void
}) {
  const id = useId()
  const [kind, setKind] = useState<MeasurementKind>(initialKind)
  const [unit, setUnit] = useState<MeasurementUnit>(MEASUREMENT_KIND_INFO[initialKind].units[0]!)
  const [value, setValue] = useState('')
  const [when, setWhen] = useState(() => localDateTimeValue(Date.now()))
  const [error, setError] = useState('')
  const [added, setAdded] = useState('')
  const [pending, setPending] = useState(false)
  // The form follows the kind the view shows (and the view the kind just added).
  useEffect(() => {
    setKind(initialKind)
    setUnit(MEASUREMENT_KIND_INFO[initialKind].units[0]!)
  }, [initialKind])

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    setAdded('')
    const number = Number(value.trim().replace(',', '.'))
    if (value.trim() === '' || !Number.isFinite(number)) return setError(t('invalidNumber'))
    // A datetime-local value is read as this window's local time.
    const takenAt = new Date(when).getTime()
    if (when === '' || Number.isNaN(takenAt)) return setError(t('appearance.addDateMissing'))
    setPending(true)
    try {
      const result = await api['measurements.add']({ kind, value: number, unit, date: new Date(takenAt).toISOString() })
      if (!result.ok) return setError(appErrorText(t, result.error))
      setError('')
      setValue('')
      const m = result.value
      const date = formatTakenAt(locale, m) ?? t('invalidDate')
      setAdded(
        t('appearance.added', {
          what: t('appearance.measurement', {
            kind: t(kindKey(m.kind)),
            value: new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }).format(m.value),
            unit: m.unit,
            date,
          }),
        }),
      )
      onAdded(m)
    } finally {
      setPending(false)
    }
  }

  return (
    <form className="measurement-add" aria-labelledby={`${id}-title`} onSubmit={(e) => void submit(e)} noValidate>
      <h2 id={`${id}-title`}>{t('appearance.addMeasurement')}</h2>
      <div className="measurement-add-fields">
        <label>
          {t('appearance.addKind')}
          <select
            value={kind}
            onChange={(e) => {
              const next = e.target.value as MeasurementKind
              setKind(next)
              setUnit(MEASUREMENT_KIND_INFO[next].units[0]!)
            }}
          >
            {MEASUREMENT_KINDS.map((k) => (
              <option key={k} value={k}>
                {t(kindKey(k))}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t('appearance.addValue')}
          <input
            inputMode="decimal"
            value={value}
            aria-invalid={error !== ''}
            aria-describedby={error ? `${id}-error` : undefined}
            onChange={(e) => setValue(e.target.value)}
          />
        </label>
        <label>
          {t('appearance.addUnit')}
          <select value={unit} onChange={(e) => setUnit(e.target.value as MeasurementUnit)}>
            {MEASUREMENT_KIND_INFO[kind].units.map((u) => (
              <option key={u} value={u}>
                {u}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t('appearance.addDate')}
          <input
            type="datetime-local"
            value={when}
            max={localDateTimeValue(Date.now() + 86_400_000)}
            onChange={(e) => setWhen(e.target.value)}
          />
        </label>
        <button type="submit" className="primary" disabled={pending}>
          {t('appearance.add')}
        </button>
      </div>
      {error && (
        <p className="row-error" id={`${id}-error`} role="alert">
          {error}
        </p>
      )}
      <p className="muted" role="status">
        {added}
      </p>
    </form>
  )
}
