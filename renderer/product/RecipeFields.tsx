/**
 * The recipe part of the new product form (spec §3 recipe: number, name,
 * ingredients): switched on for what a machine makes (coffee, fresh drinks),
 * then a number, a name and rows of an ingredient of the product's tenant with
 * its quantity in the ingredient's unit.
 */
import { forTenant, useFormGrid } from '../kit/index.js';
import { Button, Dropdown, Field, Input, makeStyles, Option, Switch, Text, tokens } from '@fluentui/react-components';
import { AddRegular, DeleteRegular } from '@fluentui/react-icons';
import { Controller, useFieldArray, useWatch, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { RECIPE_LIMITS } from '../../shared/product/index.js';
import { useOp } from '../bridge.js';
import { FormInput } from '../app/FormInput.js';
import type { NewGoodsValues } from './newGoodsSchema.js';

const useStyles = makeStyles({
  rows: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  row: {
    display: 'grid',
    gridTemplateColumns: 'minmax(0, 2fr) minmax(0, 1fr) auto',
    gap: tokens.spacingHorizontalM,
    alignItems: 'end',
  },
  control: { minWidth: 0, width: '100%' },
  add: { alignSelf: 'flex-start' },
});

export function RecipeFields({
  control,
  tenantId,
  disabled,
}: {
  control: Control<NewGoodsValues>;
  tenantId: number | undefined;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  const styles = useStyles();
  const formGrid = useFormGrid();
  const enabled = useWatch({ control, name: 'recipe.enabled' });
  const chosen = useWatch({ control, name: 'recipe.items' });
  const rows = useFieldArray({ control, name: 'recipe.items' });
  // A tenant has a handful of ingredients: one page holds them all.
  const ingredients = useOp(
    'product.ingredientPage',
    { query: { pageNum: 1, pageSize: 100 }, body: forTenant(tenantId) },
    { enabled: enabled && tenantId !== undefined, staleTime: 30_000 },
  );
  const list = ingredients.data?.list ?? [];

  return (
    <>
      <Controller
        control={control}
        name="recipe.enabled"
        render={({ field }) => (
          <Switch
            ref={field.ref}
            label={t('product.newProduct.hasRecipe')}
            checked={field.value}
            disabled={disabled}
            onChange={(_, d) => field.onChange(d.checked)}
            data-testid="recipe-enabled"
          />
        )}
      />
      {enabled && (
        <>
          <div className={formGrid.size240}>
            <FormInput
              control={control}
              name="recipe.number"
              label={t('product.newProduct.recipeNumber')}
              input={{
                placeholder: t('product.product.numberPlaceholder'),
                maxLength: RECIPE_LIMITS.number,
                'data-testid': 'recipe-number',
              }}
            />
            <FormInput
              control={control}
              name="recipe.name"
              label={t('product.newProduct.recipeName')}
              input={{ maxLength: RECIPE_LIMITS.name, 'data-testid': 'recipe-name' }}
            />
          </div>
          {ingredients.isSuccess && list.length === 0 && <Text>{t('product.newProduct.noIngredients')}</Text>}
          <div className={styles.rows}>
            {rows.fields.map((row, i) => {
              const unit = list.find((x) => x.id === chosen?.[i]?.ingredientId)?.unit;
              return (
                <div key={row.id} className={styles.row} data-testid="recipe-row">
                  <Controller
                    control={control}
                    name={`recipe.items.${i}.ingredientId`}
                    render={({ field, fieldState }) => (
                      <Field
                        label={t('product.newProduct.ingredient')}
                        required
                        validationMessage={fieldState.error?.message}
                      >
                        <Dropdown
                          ref={field.ref}
                          className={styles.control}
                          value={list.find((x) => x.id === field.value)?.name ?? ''}
                          selectedOptions={field.value === undefined ? [] : [String(field.value)]}
                          placeholder={t('product.newProduct.choose')}
                          onOptionSelect={(_, d) => field.onChange(d.optionValue ? Number(d.optionValue) : undefined)}
                          onBlur={field.onBlur}
                          disabled={disabled}
                          data-testid="recipe-ingredient"
                        >
                          {list.map((x) => (
                            <Option key={x.id} value={String(x.id)} text={x.name}>
                              {t('common.withNote', { text: x.name, note: x.number })}
                            </Option>
                          ))}
                        </Dropdown>
                      </Field>
                    )}
                  />
                  <Controller
                    control={control}
                    name={`recipe.items.${i}.quantity`}
                    render={({ field, fieldState }) => (
                      <Field
                        label={t('product.newProduct.quantity')}
                        required
                        validationMessage={fieldState.error?.message}
                      >
                        <Input
                          ref={field.ref}
                          className={styles.control}
                          value={field.value}
                          inputMode="decimal"
                          onChange={field.onChange}
                          onBlur={field.onBlur}
                          contentAfter={
                            unit ? <Text size={200}>{t(`product.ingredient.units.${unit}`)}</Text> : undefined
                          }
                          disabled={disabled}
                          data-testid="recipe-quantity"
                        />
                      </Field>
                    )}
                  />
                  <Button
                    appearance="subtle"
                    icon={<DeleteRegular />}
                    aria-label={t('product.newProduct.removeIngredient')}
                    disabled={disabled || rows.fields.length === 1}
                    onClick={() => rows.remove(i)}
                    data-testid="recipe-remove"
                  />
                </div>
              );
            })}
          </div>
          <Button
            className={styles.add}
            icon={<AddRegular />}
            disabled={disabled || rows.fields.length >= RECIPE_LIMITS.items}
            onClick={() => rows.append({ ingredientId: undefined, quantity: '' })}
            data-testid="recipe-add"
          >
            {t('product.newProduct.addIngredient')}
          </Button>
        </>
      )}
    </>
  );
}
